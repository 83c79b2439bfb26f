import { remember } from '@epic-web/remember'
import { pino, type DestinationStream, type Logger } from 'pino'

import { currentLogFields } from '~/lib/request-scope.server'

/**
 * One line that says what failed, for the server log: the error's name and message, then each
 * cause's, never a stack trace (stack traces name files and lines of the deployment and can carry
 * values from the request; docs/contracts.md keeps them out of responses and logs alike).
 */
export function errorSummary(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  // A cause chain is short; the bound only guards against a cycle.
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (current instanceof Error) {
      parts.push(`${current.name}: ${current.message}`)
      current = current.cause
    } else {
      parts.push(String(current))
      break
    }
  }
  return parts.join(' <- caused by ') || 'unknown error'
}

/** Cloud Logging's severity names for pino's levels (docs/contracts.md "Production"). */
const SEVERITY: Record<string, string> = {
  trace: 'DEBUG',
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARNING',
  error: 'ERROR',
  fatal: 'CRITICAL',
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

// An address as it appears in text: the local part, @, a domain with at least one dot.
const EMAIL = /([A-Za-z0-9_%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g

/** Every email address in `text` masked to its first letter and domain: `t***@example.com`. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, '$1***@$2')
}

/** Field names whose values never reach a log, at any depth: credentials, cards, session ids. */
const SECRET_FIELD =
  /pass(word|phrase)|secret|token|signature|^key$|api.?key|session.?id|cookie|authori[sz]ation|card.?(number|cvv)|^cvv$/i

/**
 * A log object made safe to write: secret fields redacted, emails masked in every string, errors
 * summarised without their stacks. Bounded in depth: log objects are small.
 */
function sanitize(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskEmails(value)
  if (value instanceof Error) return maskEmails(errorSummary(value))
  if (value === null || typeof value !== 'object') return value
  if (depth >= 4) return '[nested]'
  if (Array.isArray(value)) return value.map((item) => sanitize(item, depth + 1))
  const safe: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) {
    safe[key] = SECRET_FIELD.test(key) ? '[redacted]' : sanitize(field, depth + 1)
  }
  return safe
}

export type LoggerOptions = {
  level: LogLevel
  /** Where lines go; default stdout. */
  destination?: DestinationStream
}

/**
 * The shop's logger: one JSON object per line (`time`, `severity`, `message`, then the request's
 * `requestId` or the background job's `job`, read from the request scope, and the call's fields).
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      // No pid or hostname: Cloud Run labels each line with its instance already.
      base: null,
      messageKey: 'message',
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      formatters: {
        level: (label) => ({ severity: SEVERITY[label] ?? 'DEFAULT' }),
        log: (object) => sanitize(object) as Record<string, unknown>,
      },
      // NOTE: pino merges the call's fields into the object mixin returns: always a fresh copy.
      mixin: () => ({ ...currentLogFields() }),
      hooks: {
        // The message is no field: mask the addresses in it here.
        logMethod(args, method) {
          const masked = args.map((arg) => (typeof arg === 'string' ? maskEmails(arg) : arg))
          return method.apply(this, masked as Parameters<typeof method>)
        },
      },
    },
    // NOTE: asynchronous, flushed on exit (pino does so for its own destination): writing each line
    // synchronously cost about a fifth of the throughput of page-cache hits (decision 035).
    options.destination ?? pino.destination({ dest: 1, sync: false }),
  )
}

/**
 * A readable line per log object for `npm run dev`: `12:30:01 INFO message key=value`, the same
 * fields as production's JSON (the JSON is parsed back, so nothing differs but the layout).
 */
export function prettyDestination(write: (text: string) => void): DestinationStream {
  return {
    write(line: string) {
      try {
        const { time, severity, message, ...fields } = JSON.parse(line) as Record<string, unknown>
        const clock = typeof time === 'string' ? time.slice(11, 19) : ''
        const rest = Object.entries(fields)
          .map(
            ([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`,
          )
          .join(' ')
        write(
          `${clock} ${String(severity).padEnd(7)} ${String(message ?? '')}${rest ? `  ${rest}` : ''}\n`,
        )
      } catch {
        write(line)
      }
    },
  }
}

/**
 * The level from LOG_LEVEL (validated by env.server.ts), else `info`; `silent` in unit tests
 * (Vitest), which keeps their output to what they state.
 */
export function defaultLogLevel(source: Record<string, string | undefined>): LogLevel {
  const named = source.LOG_LEVEL?.trim()
  if (named && (LOG_LEVELS as readonly string[]).includes(named)) return named as LogLevel
  return source.VITEST ? 'silent' : 'info'
}

/**
 * The process's logger (one through `remix dev` rebuilds). In development its lines are pretty,
 * elsewhere JSON for Cloud Logging.
 */
export const logger: Logger = remember('logger', () =>
  createLogger({
    level: defaultLogLevel(process.env),
    destination:
      process.env.NODE_ENV === 'development'
        ? prettyDestination((text) => process.stdout.write(text))
        : undefined,
  }),
)

/** A message-then-details logger (console's order, which injected `log` dependencies use). */
export type MessageFirstLog = {
  info(message: string, details?: unknown): void
  warn(message: string, details?: unknown): void
  error(message: string, details?: unknown): void
}

/** `log` called message first: `warn('Bob Go failed', { orderId })`, or with an error. */
export function messageFirst(log: Logger): MessageFirstLog {
  const fields = (details: unknown): object =>
    details instanceof Error
      ? { error: details }
      : typeof details === 'object' && details !== null
        ? details
        : details === undefined
          ? {}
          : { detail: details }
  return {
    info: (message, details) => log.info(fields(details), message),
    warn: (message, details) => log.warn(fields(details), message),
    error: (message, details) => log.error(fields(details), message),
  }
}

export type { Logger }
