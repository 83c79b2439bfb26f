import { describe, expect, test } from 'vitest'

import {
  createLogger,
  defaultLogLevel,
  errorSummary,
  maskEmails,
  prettyDestination,
} from './log.server'
import { inJobScope, inRequestScope } from './request-scope.server'

describe('errorSummary', () => {
  test('names the error and its causes on one line, without a stack trace', () => {
    const error = new TypeError('story home is unavailable', {
      cause: new Error('Storyblok answered 500'),
    })
    const line = errorSummary(error)
    expect(line).toBe(
      'TypeError: story home is unavailable <- caused by Error: Storyblok answered 500',
    )
    expect(line).not.toContain('\n')
    expect(line).not.toContain('log.server.test')
  })

  test('says something useful for values that are not errors', () => {
    expect(errorSummary('disk full')).toBe('disk full')
    expect(errorSummary(undefined)).toBe('unknown error')
  })

  test('stops on a cause that points back at itself', () => {
    const error = new Error('loop')
    ;(error as { cause?: unknown }).cause = error
    expect(errorSummary(error).split('<- caused by')).toHaveLength(5)
  })
})

describe('the logger', () => {
  function capture() {
    const lines: Record<string, unknown>[] = []
    const log = createLogger({
      level: 'info',
      destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    })
    return { log, lines }
  }

  test('writes one JSON object per line with Cloud Logging’s time, severity and message', () => {
    const { log, lines } = capture()
    log.info('Shop ready')
    log.warn({ orderId: 'ORD-1' }, 'Bob Go slow')
    log.error('it broke')
    log.debug('not at info')
    expect(lines).toEqual([
      { severity: 'INFO', time: expect.any(String), message: 'Shop ready' },
      { severity: 'WARNING', time: expect.any(String), orderId: 'ORD-1', message: 'Bob Go slow' },
      { severity: 'ERROR', time: expect.any(String), message: 'it broke' },
    ])
    expect(new Date(String(lines[0]!.time)).toISOString()).toBe(lines[0]!.time)
  })

  test('names the request on every line written inside its scope, and the job inside a job’s', async () => {
    const { log, lines } = capture()
    await inRequestScope(
      async () => {
        log.info('before a wait')
        await Promise.resolve()
        log.info({ orderId: 'ORD-1' }, 'after a wait')
      },
      { requestId: 'req-12345678' },
    )
    inJobScope('mail-sender', () => log.info('Mail sent'))
    log.info('outside')
    expect(lines.map(({ requestId, job }) => ({ requestId, job }))).toEqual([
      { requestId: 'req-12345678', job: undefined },
      { requestId: 'req-12345678', job: undefined },
      { requestId: undefined, job: 'mail-sender' },
      { requestId: undefined, job: undefined },
    ])
  })

  test('never writes a full email, a secret field or a stack trace', () => {
    const { log, lines } = capture()
    log.info({ to: 'thandi@example.co.za' }, 'Mail to thandi@example.co.za sent')
    log.warn(
      {
        password: 'hunter2-hunter2',
        nested: { sessionId: 'sess-9f2', token: 'tok-77a', signature: 'sig-c41', key: 'link-5e0' },
        error: new Error('failed for x.y@example.com'),
      },
      'sign-in failed',
    )
    const text = JSON.stringify(lines)
    expect(lines[0]).toMatchObject({
      to: 't***@example.co.za',
      message: 'Mail to t***@example.co.za sent',
    })
    for (const secret of [
      'thandi@',
      'hunter2',
      'sess-9f2',
      'tok-77a',
      'sig-c41',
      'link-5e0',
      'x.y@',
    ]) {
      expect(text).not.toContain(secret)
    }
    expect(lines[1]).toMatchObject({ error: 'Error: failed for x***@example.com' })
    expect(text).not.toContain('log.server.test')
  })
})

describe('maskEmails', () => {
  test('keeps the first letter and the domain of every address', () => {
    expect(maskEmails('from a.b+c@shop.example.co.za to z@x.io')).toBe(
      'from a***@shop.example.co.za to z***@x.io',
    )
    expect(maskEmails('no address @ here')).toBe('no address @ here')
  })
})

describe('in development', () => {
  test('each line reads as time, severity, message, then the fields', () => {
    const written: string[] = []
    const log = createLogger({
      level: 'info',
      destination: prettyDestination((text) => written.push(text)),
    })
    inRequestScope(() => log.warn({ orderId: 'ORD-1' }, 'Bob Go slow'), { requestId: 'r-12345678' })
    expect(written).toHaveLength(1)
    expect(written[0]).toMatch(
      /^\d\d:\d\d:\d\d WARNING Bob Go slow {2}requestId=r-12345678 orderId=ORD-1\n$/,
    )
  })
})

describe('defaultLogLevel', () => {
  test('is LOG_LEVEL when set, else info, and silent in unit tests', () => {
    expect(defaultLogLevel({ LOG_LEVEL: 'debug', VITEST: 'true' })).toBe('debug')
    expect(defaultLogLevel({})).toBe('info')
    expect(defaultLogLevel({ VITEST: 'true' })).toBe('silent')
  })
})
