import { z } from 'zod'

import {
  addressLines,
  normalizeVatNumber,
  VAT_NUMBER,
  VAT_NUMBER_MESSAGE,
} from '~/lib/legal/shop-details'
import { LOG_LEVELS, logger } from '~/lib/log.server'

/** PayFast's published ITN source ranges (docs/contracts.md). */
export const PAYFAST_PUBLISHED_IPS = [
  '197.97.145.144/28',
  '41.74.179.192/27',
  '102.216.36.0/28',
  '102.216.36.128/28',
  '144.126.193.139',
]
const PAYFAST_SANDBOX_MERCHANT = { id: '10000100', key: '46f0cd694581a' }
/** Bob Go's production API (the paths add /v2/...). */
export const BOBGO_PRODUCTION_URL = 'https://api.bobgo.co.za'
/** Pargo's production API (staging: https://api.staging.pargo.co.za). */
export const PARGO_PRODUCTION_URL = 'https://api.pargo.co.za'
const DEV_SESSION_SECRET = 'dev-only-session-secret-do-not-use-in-production'
/** A production session secret is at least this long: 32 random characters resist guessing offline. */
export const MIN_SESSION_SECRET_LENGTH = 32

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value
const optionalString = z.preprocess(blankToUndefined, z.string().optional())
const optionalUrl = z.preprocess(
  blankToUndefined,
  z.string().url('must be an absolute URL such as https://shop.example').optional(),
)
// An address as mail servers take it: no spaces or angle brackets, one @ (shop@localhost is fine).
const MAILBOX = /^[^\s@<>]+@[^\s@<>]+$/
/** `shop@karoo.example`, or with the name shoppers see: `Karoo & Co. <shop@karoo.example>`. */
const isMailFrom = (value: string) => {
  const named = /^([^<>]*)<([^<>]+)>$/.exec(value.trim())
  return MAILBOX.test(named ? named[2]!.trim() : value.trim())
}
// NOTE: an SMTP URL may hold a password, so no message here ever repeats the value.
const isSmtpUrl = (value: string) => {
  try {
    const url = new URL(value)
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== ''
  } catch {
    return false
  }
}
const port = z.coerce
  .number({ invalid_type_error: 'must be a port number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535')

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.preprocess(blankToUndefined, port.default(3000)),
    HOST: z.preprocess(blankToUndefined, z.string().default('127.0.0.1')),
    APP_URL: optionalUrl,
    SESSION_SECRET: optionalString,
    DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
    DATA_BACKEND: z.preprocess(blankToUndefined, z.enum(['sqlite', 'firestore']).default('sqlite')),
    AUTH_BACKEND: z.preprocess(blankToUndefined, z.enum(['local', 'firebase']).default('local')),
    STORYBLOK_TOKEN: optionalString,
    STORYBLOK_PREVIEW_TOKEN: optionalString,
    STORYBLOK_VERSION: z.preprocess(
      blankToUndefined,
      z.enum(['published', 'draft']).default('published'),
    ),
    STORYBLOK_REGION: z.preprocess(
      blankToUndefined,
      z.enum(['eu', 'us', 'ap', 'ca', 'cn']).default('eu'),
    ),
    STORYBLOK_ENDPOINT: optionalUrl,
    STORYBLOK_WEBHOOK_SECRET: optionalString,
    FIREBASE_PROJECT_ID: optionalString,
    FIREBASE_API_KEY: optionalString,
    FIREBASE_STORAGE_BUCKET: optionalString,
    GOOGLE_APPLICATION_CREDENTIALS: optionalString,
    FIRESTORE_EMULATOR_HOST: optionalString,
    FIREBASE_AUTH_EMULATOR_HOST: optionalString,
    FIREBASE_STORAGE_EMULATOR_HOST: optionalString,
    // No default here: outside production it falls back to the simulator (below), in production a
    // shop that silently takes no real money must not start.
    PAYFAST_MODE: z.preprocess(
      blankToUndefined,
      z.enum(['simulator', 'sandbox', 'live']).optional(),
    ),
    PAYFAST_MERCHANT_ID: optionalString,
    PAYFAST_MERCHANT_KEY: optionalString,
    PAYFAST_PASSPHRASE: optionalString,
    PAYFAST_BASE_URL: optionalUrl,
    /** PayFast's API host (refunds); default https://api.payfast.co.za. Tests point it at a fake. */
    PAYFAST_API_URL: optionalUrl,
    PAYFAST_VALID_IPS: optionalString,
    SMTP_URL: z.preprocess(
      blankToUndefined,
      z
        .string()
        .refine(
          isSmtpUrl,
          'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example:587',
        )
        .optional(),
    ),
    MAIL_FROM: z.preprocess(
      blankToUndefined,
      z
        .string()
        .refine(isMailFrom, 'must be an email address, optionally with a name: Shop <shop@example>')
        .default('shop@localhost'),
    ),
    SHOP_EMAIL: z.preprocess(
      blankToUndefined,
      z
        .string()
        .refine(
          (value) => MAILBOX.test(value.trim()),
          'must be an email address such as shop@example',
        )
        .default('shop@localhost'),
    ),
    TRUST_PROXY_HOPS: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ invalid_type_error: 'must be a whole number of proxies (0 or more)' })
        .int('must be a whole number of proxies (0 or more)')
        .min(0, 'must be a whole number of proxies (0 or more)')
        .default(0),
    ),
    // Bob Go (courier rates, order sync, tracking): on when the key is set. The key and the
    // webhook secret are credentials: no message here ever repeats them.
    BOBGO_API_KEY: optionalString,
    BOBGO_API_URL: z.preprocess(
      blankToUndefined,
      z
        .string()
        .url('must be an absolute URL such as https://api.bobgo.co.za')
        .default(BOBGO_PRODUCTION_URL),
    ),
    BOBGO_WEBHOOK_SECRET: optionalString,
    // Pargo pickup points from Pargo's API: on when both credentials are set.
    PARGO_API_URL: z.preprocess(
      blankToUndefined,
      z
        .string()
        .url('must be an absolute URL such as https://api.pargo.co.za')
        .default(PARGO_PRODUCTION_URL),
    ),
    PARGO_USERNAME: optionalString,
    PARGO_PASSWORD: optionalString,
    // The shop's legal details until staff save them at /admin/settings (app/lib/legal/).
    SHOP_LEGAL_NAME: optionalString,
    SHOP_ADDRESS: optionalString,
    SHOP_VAT_NUMBER: z.preprocess(
      blankToUndefined,
      z
        .string()
        .transform(normalizeVatNumber)
        .refine((value) => VAT_NUMBER.test(value), VAT_NUMBER_MESSAGE)
        .optional(),
    ),
    // How long a CDN or caching proxy may keep an anonymous page (s-maxage), and then serve it
    // stale while it refetches (stale-while-revalidate): the page cache's headers (decision 018).
    SHARED_CACHE_SECONDS: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ invalid_type_error: 'must be a whole number of seconds, e.g. 60' })
        .int('must be a whole number of seconds, e.g. 60')
        .min(1, 'must be at least 1 second')
        .max(600, 'must be at most 600 seconds (10 minutes)')
        .default(60),
    ),
    // How long a signed-in customer's cart sits untouched before its one reminder mail.
    ABANDONED_CART_HOURS: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ invalid_type_error: 'must be a number of hours, e.g. 4 or 0.5' })
        .positive('must be more than 0 hours, e.g. 4 or 0.5')
        .max(720, 'must be at most 720 hours (30 days)')
        .default(4),
    ),
    // GET /metrics answers only `Authorization: Bearer {METRICS_TOKEN}`; unset, /metrics is a 404.
    // A credential: no message here ever repeats it.
    METRICS_TOKEN: optionalString,
    // The log's lowest level; default info (silent in unit tests).
    LOG_LEVEL: z.preprocess(blankToUndefined, z.enum(LOG_LEVELS).optional()),
    // How long after delivery or collection a buyer may ask to return items (the returns policy).
    RETURN_WINDOW_DAYS: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ invalid_type_error: 'must be a whole number of days, e.g. 30' })
        .int('must be a whole number of days, e.g. 30')
        .min(7, 'must be at least 7 days (the ECTA cooling-off period)')
        .max(365, 'must be at most 365 days')
        .default(30),
    ),
  })
  .superRefine((raw, ctx) => {
    const production = raw.NODE_ENV === 'production'
    if (production && !raw.PAYFAST_MODE) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYFAST_MODE'],
        message:
          'is required when NODE_ENV=production: live (real payments), sandbox (PayFast test payments) or simulator (no money changes hands)',
      })
    }
    if (production && raw.STORYBLOK_TOKEN && !raw.STORYBLOK_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STORYBLOK_WEBHOOK_SECRET'],
        message:
          'is required when NODE_ENV=production and STORYBLOK_TOKEN is set (the webhook refreshes content only for calls signed with it)',
      })
    }
    if (production && !raw.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message:
          'is required when NODE_ENV=production (a long random string; a comma list rotates secrets)',
      })
    }
    if (production && raw.SESSION_SECRET) {
      // NOTE: never repeat a secret in the message: start-up errors end up in shared logs.
      const secrets = raw.SESSION_SECRET.split(',')
        .map((secret) => secret.trim())
        .filter(Boolean)
      secrets.forEach((secret, i) => {
        if (secret.length >= MIN_SESSION_SECRET_LENGTH) return
        const which = secrets.length > 1 ? `secret ${i + 1} of ${secrets.length}` : 'the secret'
        ctx.addIssue({
          code: 'custom',
          path: ['SESSION_SECRET'],
          message: `${which} is ${secret.length} characters; each secret must be at least ${MIN_SESSION_SECRET_LENGTH} when NODE_ENV=production (make one with: openssl rand -hex 32)`,
        })
      })
    }
    if (production && raw.PAYFAST_MODE === 'live' && !raw.PAYFAST_PASSPHRASE) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYFAST_PASSPHRASE'],
        message:
          'is required when NODE_ENV=production and PAYFAST_MODE=live: set the passphrase of your PayFast account (Settings > Security); without it anyone can sign a payment form or an ITN',
      })
    }
    if (raw.PAYFAST_MODE === 'live' && (!raw.PAYFAST_MERCHANT_ID || !raw.PAYFAST_MERCHANT_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYFAST_MERCHANT_ID'],
        message: 'PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY are required when PAYFAST_MODE=live',
      })
    }
    if (production && raw.BOBGO_API_KEY && !raw.BOBGO_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['BOBGO_WEBHOOK_SECRET'],
        message:
          'is required when NODE_ENV=production and BOBGO_API_KEY is set: the webhook secret you issued in Bob Go (the webhook takes only calls signed with it, so without it tracking arrives only with the hourly reconciliation)',
      })
    }
    if (Boolean(raw.PARGO_USERNAME) !== Boolean(raw.PARGO_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [raw.PARGO_USERNAME ? 'PARGO_PASSWORD' : 'PARGO_USERNAME'],
        message:
          'PARGO_USERNAME and PARGO_PASSWORD go together (your myPargo API credentials); set both, or neither for the demo pickup points',
      })
    }
    if (raw.DATA_BACKEND === 'firestore' && !raw.FIREBASE_PROJECT_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_PROJECT_ID'],
        message: 'is required when DATA_BACKEND=firestore',
      })
    }
    if (raw.AUTH_BACKEND === 'firebase' && (!raw.FIREBASE_PROJECT_ID || !raw.FIREBASE_API_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_API_KEY'],
        message: 'FIREBASE_PROJECT_ID and FIREBASE_API_KEY are required when AUTH_BACKEND=firebase',
      })
    }
    if (production) {
      for (const name of [
        'FIRESTORE_EMULATOR_HOST',
        'FIREBASE_AUTH_EMULATOR_HOST',
        'FIREBASE_STORAGE_EMULATOR_HOST',
      ] as const) {
        if (raw[name]) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'must not be set when NODE_ENV=production (it points Firebase at an emulator)',
          })
        }
      }
    }
    if (raw.PAYFAST_VALID_IPS) {
      for (const entry of raw.PAYFAST_VALID_IPS.split(',')) {
        if (!isIpOrCidr(entry.trim())) {
          ctx.addIssue({
            code: 'custom',
            path: ['PAYFAST_VALID_IPS'],
            message: `"${entry.trim()}" is not an IPv4/IPv6 address or CIDR range (comma-separated list expected)`,
          })
        }
      }
    }
  })
  .transform((raw) => {
    const payfastMode = raw.PAYFAST_MODE ?? 'simulator'
    const payfastBase =
      raw.PAYFAST_BASE_URL ??
      (payfastMode === 'live'
        ? 'https://www.payfast.co.za'
        : payfastMode === 'sandbox'
          ? 'https://sandbox.payfast.co.za'
          : `${raw.APP_URL ?? `http://localhost:${raw.PORT}`}/payfast/simulator`)
    const validIps = raw.PAYFAST_VALID_IPS
      ? raw.PAYFAST_VALID_IPS.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : payfastMode === 'simulator'
        ? [...PAYFAST_PUBLISHED_IPS, '127.0.0.0/8', '::1/128']
        : PAYFAST_PUBLISHED_IPS
    return {
      nodeEnv: raw.NODE_ENV,
      isProduction: raw.NODE_ENV === 'production',
      port: raw.PORT,
      host: raw.HOST,
      appUrl: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
      sessionSecrets: (raw.SESSION_SECRET ?? DEV_SESSION_SECRET)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      dataDir: raw.DATA_DIR,
      dataBackend: raw.DATA_BACKEND,
      authBackend: raw.AUTH_BACKEND,
      storyblok: {
        token: raw.STORYBLOK_TOKEN,
        previewToken: raw.STORYBLOK_PREVIEW_TOKEN,
        version: raw.STORYBLOK_VERSION,
        region: raw.STORYBLOK_REGION,
        endpoint: raw.STORYBLOK_ENDPOINT,
        webhookSecret: raw.STORYBLOK_WEBHOOK_SECRET,
      },
      firebase: {
        projectId: raw.FIREBASE_PROJECT_ID,
        apiKey: raw.FIREBASE_API_KEY,
        storageBucket: raw.FIREBASE_STORAGE_BUCKET,
        credentials: raw.GOOGLE_APPLICATION_CREDENTIALS,
        firestoreEmulatorHost: raw.FIRESTORE_EMULATOR_HOST,
        authEmulatorHost: raw.FIREBASE_AUTH_EMULATOR_HOST,
        storageEmulatorHost: raw.FIREBASE_STORAGE_EMULATOR_HOST,
      },
      payfast: {
        mode: payfastMode,
        merchantId: raw.PAYFAST_MERCHANT_ID ?? PAYFAST_SANDBOX_MERCHANT.id,
        merchantKey: raw.PAYFAST_MERCHANT_KEY ?? PAYFAST_SANDBOX_MERCHANT.key,
        passphrase: raw.PAYFAST_PASSPHRASE,
        baseUrl: payfastBase.replace(/\/+$/, ''),
        validIps,
        apiUrl: (raw.PAYFAST_API_URL ?? 'https://api.payfast.co.za').replace(/\/+$/, ''),
      },
      trustProxyHops: raw.TRUST_PROXY_HOPS,
      /** Null: GET /metrics is a 404. A credential: never log it. */
      metricsToken: raw.METRICS_TOKEN?.trim() || null,
      /** The shop's legal details from SHOP_LEGAL_NAME, SHOP_ADDRESS (commas between lines), SHOP_VAT_NUMBER. */
      shop: {
        legalName: raw.SHOP_LEGAL_NAME?.trim(),
        address: raw.SHOP_ADDRESS ? addressLines(raw.SHOP_ADDRESS) : undefined,
        vatNumber: raw.SHOP_VAT_NUMBER,
      },
      /** Days after delivery or collection a return may be asked for (RETURN_WINDOW_DAYS). */
      returnWindowDays: raw.RETURN_WINDOW_DAYS,
      /** Seconds a shared cache may keep an anonymous page, then serve it stale (SHARED_CACHE_SECONDS). */
      sharedCacheSeconds: raw.SHARED_CACHE_SECONDS,
      /** Hours a customer's cart sits untouched before its reminder (ABANDONED_CART_HOURS). */
      abandonedCartHours: raw.ABANDONED_CART_HOURS,
      mail: {
        /** Unset: mail waits in the outbox. Holds credentials: never log it. */
        smtpUrl: raw.SMTP_URL,
        from: raw.MAIL_FROM.trim(),
        shopEmail: raw.SHOP_EMAIL.trim(),
      },
      /** Null: Bob Go is off (table rates only, no order sync). Holds credentials: never log it. */
      bobgo: raw.BOBGO_API_KEY
        ? {
            apiKey: raw.BOBGO_API_KEY,
            apiUrl: raw.BOBGO_API_URL.replace(/\/+$/, ''),
            webhookSecret: raw.BOBGO_WEBHOOK_SECRET ?? null,
          }
        : null,
      /** Null: the embedded demo pickup points. Holds credentials: never log it. */
      pargo:
        raw.PARGO_USERNAME && raw.PARGO_PASSWORD
          ? {
              apiUrl: raw.PARGO_API_URL.replace(/\/+$/, ''),
              username: raw.PARGO_USERNAME,
              password: raw.PARGO_PASSWORD,
            }
          : null,
    }
  })

export type Env = z.output<typeof schema>

export class EnvError extends Error {
  name = 'EnvError'
}

/** Parses an environment; throws an EnvError naming every bad variable and what it accepts. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || 'environment'
    if (issue.code === 'invalid_enum_value') {
      return `  ${name}: "${String(issue.received)}" is not allowed; use one of ${issue.options.join(', ')}`
    }
    return `  ${name}: ${issue.message}`
  })
  throw new EnvError(
    `Invalid environment:\n${lines.join('\n')}\nSee .env.example for every variable.`,
  )
}

function isIpOrCidr(value: string): boolean {
  const [address, bits, ...rest] = value.split('/')
  if (!address || rest.length) return false
  const v4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(address)
  const v6 = !v4 && /^[0-9a-f:]+$/i.test(address) && address.includes(':')
  if (!v4 && !v6) return false
  if (bits === undefined) return true
  const n = Number(bits)
  return Number.isInteger(n) && n >= 0 && n <= (v4 ? 32 : 128)
}

const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname)

/**
 * What a production start-up should shout about without refusing: settings that run, but not as a
 * shop taking real money should. Empty outside production.
 */
export function productionWarnings(env: Env): string[] {
  if (!env.isProduction) return []
  const warnings: string[] = []
  if (env.payfast.mode === 'simulator') {
    warnings.push(
      'PAYFAST_MODE=simulator in production: no money changes hands and anyone can "pay" any order through the built-in simulator. Set PAYFAST_MODE=live (or sandbox to test with PayFast).',
    )
  }
  const appUrl = new URL(env.appUrl)
  // Plain http on loopback is a local production run (npm start, the e2e and bench servers, the
  // cluster behind its proxy): nothing crosses a network and browsers keep Secure cookies there.
  if (appUrl.protocol === 'http:' && !isLoopbackHost(appUrl.hostname)) {
    warnings.push(
      `APP_URL is plain http (${appUrl.origin}) in production: browsers drop the Secure session cookie, so nobody stays signed in, there is no HSTS, and PayFast posts ITNs unencrypted. Set APP_URL to the https address shoppers use.`,
    )
  }
  return warnings
}

const WARNED = Symbol.for('shop.env.productionWarned')

/** Logs the production warnings, once per process (a re-evaluated module stays quiet). */
export function warnAboutProduction(
  env: Env,
  write: (text: string) => void = (text) => logger.warn({ job: 'server' }, text.trim()),
  seen: Record<symbol, boolean> = globalThis as unknown as Record<symbol, boolean>,
): void {
  const warnings = productionWarnings(env)
  if (warnings.length === 0 || seen[WARNED]) return
  seen[WARNED] = true
  write(warnings.map((warning) => `\n*** WARNING: ${warning}\n`).join('') + '\n')
}

/** The environment, parsed once when the server build is loaded. */
export const env: Env = parseEnv(process.env)
warnAboutProduction(env)
