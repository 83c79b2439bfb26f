import { describe, expect, it } from 'vitest'

import {
  EnvError,
  parseEnv,
  PAYFAST_PUBLISHED_IPS,
  productionWarnings,
  warnAboutProduction,
} from './env.server'

/** A production-grade session secret: 32 characters. */
const SECRET = '7c0f4e9a1b2d3c5e6f708192a3b4c5d6'

const fail = (source: Record<string, string>) => {
  try {
    parseEnv(source)
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError)
    return (error as Error).message
  }
  throw new Error('expected parseEnv to refuse the environment')
}

describe('parseEnv', () => {
  it('runs on embedded defaults with nothing set', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      dataDir: './data',
      dataBackend: 'sqlite',
      authBackend: 'local',
      trustProxyHops: 0,
      storyblok: { token: undefined, version: 'published' },
      payfast: {
        mode: 'simulator',
        merchantId: '10000100',
        merchantKey: '46f0cd694581a',
        baseUrl: 'http://localhost:3000/payfast/simulator',
      },
    })
    expect(env.payfast.validIps).toEqual([...PAYFAST_PUBLISHED_IPS, '127.0.0.0/8', '::1/128'])
  })

  it('derives APP_URL from PORT, and the gateway from the PayFast mode', () => {
    expect(parseEnv({ PORT: '4000' }).appUrl).toBe('http://localhost:4000')
    expect(parseEnv({ PAYFAST_MODE: 'sandbox' }).payfast.baseUrl).toBe(
      'https://sandbox.payfast.co.za',
    )
    const live = parseEnv({
      PAYFAST_MODE: 'live',
      PAYFAST_MERCHANT_ID: '1',
      PAYFAST_MERCHANT_KEY: 'k',
    })
    expect(live.payfast.baseUrl).toBe('https://www.payfast.co.za')
    expect(live.payfast.validIps).toEqual(PAYFAST_PUBLISHED_IPS)
    expect(parseEnv({ PAYFAST_BASE_URL: 'http://127.0.0.1:9/pf/' }).payfast.baseUrl).toBe(
      'http://127.0.0.1:9/pf',
    )
  })

  it('keeps /metrics off without METRICS_TOKEN, and stops on an unknown LOG_LEVEL', () => {
    expect(parseEnv({}).metricsToken).toBeNull()
    expect(parseEnv({ METRICS_TOKEN: '  scrape-me-0123  ' }).metricsToken).toBe('scrape-me-0123')
    expect(fail({ LOG_LEVEL: 'verbose' })).toMatch(
      /LOG_LEVEL: "verbose" is not allowed; use one of fatal, error, warn, info, debug, trace, silent/,
    )
  })

  it('treats blank values as unset', () => {
    expect(parseEnv({ PORT: '', STORYBLOK_TOKEN: ' ', APP_URL: '' })).toMatchObject({
      port: 3000,
      storyblok: { token: undefined },
    })
  })

  it('splits SESSION_SECRET into secrets for rotation', () => {
    expect(parseEnv({ SESSION_SECRET: 'new, old' }).sessionSecrets).toEqual(['new', 'old'])
  })

  it('names the variable and what it accepts when a value is wrong', () => {
    expect(fail({ PORT: 'eighty' })).toMatch(/PORT: must be a port number/)
    expect(fail({ PORT: '70000' })).toMatch(/PORT: must be between 1 and 65535/)
    expect(fail({ DATA_BACKEND: 'postgres' })).toMatch(
      /DATA_BACKEND: "postgres" is not allowed; use one of sqlite, firestore/,
    )
    expect(fail({ PAYFAST_MODE: 'prod' })).toMatch(/PAYFAST_MODE: .*simulator, sandbox, live/)
    expect(fail({ APP_URL: 'shop.example' })).toMatch(/APP_URL: must be an absolute URL/)
    expect(fail({ TRUST_PROXY_HOPS: '-1' })).toMatch(/TRUST_PROXY_HOPS: must be a whole number/)
    expect(fail({ PAYFAST_VALID_IPS: '1.2.3.4, 10.0.0.0/33' })).toMatch(
      /PAYFAST_VALID_IPS: "10.0.0.0\/33"/,
    )
  })

  it('gives a CDN 60 s of freshness unless SHARED_CACHE_SECONDS says otherwise, up to 10 minutes', () => {
    expect(parseEnv({}).sharedCacheSeconds).toBe(60)
    expect(parseEnv({ SHARED_CACHE_SECONDS: '5' }).sharedCacheSeconds).toBe(5)
    expect(fail({ SHARED_CACHE_SECONDS: '0' })).toMatch(/SHARED_CACHE_SECONDS: must be at least 1/)
    expect(fail({ SHARED_CACHE_SECONDS: '1.5' })).toMatch(/SHARED_CACHE_SECONDS: must be a whole/)
    expect(fail({ SHARED_CACHE_SECONDS: '601' })).toMatch(/SHARED_CACHE_SECONDS: must be at most/)
  })

  it('reports every bad variable at once', () => {
    const message = fail({ PORT: 'x', STORYBLOK_VERSION: 'latest' })
    expect(message).toMatch(/PORT/)
    expect(message).toMatch(/STORYBLOK_VERSION/)
  })

  it('refuses production without a session secret or with an emulator', () => {
    expect(fail({ NODE_ENV: 'production' })).toMatch(
      /SESSION_SECRET: is required when NODE_ENV=production/,
    )
    expect(
      fail({
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
      }),
    ).toMatch(/FIRESTORE_EMULATOR_HOST: must not be set when NODE_ENV=production/)
    expect(
      parseEnv({ NODE_ENV: 'production', SESSION_SECRET: SECRET, PAYFAST_MODE: 'sandbox' })
        .isProduction,
    ).toBe(true)
  })

  it('gives PayFast no default mode in production, so a shop never takes simulated money by accident', () => {
    expect(fail({ NODE_ENV: 'production', SESSION_SECRET: SECRET })).toMatch(
      /PAYFAST_MODE: is required when NODE_ENV=production/,
    )
    expect(fail({ NODE_ENV: 'production', SESSION_SECRET: SECRET, PAYFAST_MODE: ' ' })).toMatch(
      /PAYFAST_MODE/,
    )
    const chosen = parseEnv({
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      PAYFAST_MODE: 'simulator',
    })
    expect(chosen.payfast.mode).toBe('simulator')
    expect(parseEnv({ NODE_ENV: 'test' }).payfast.mode).toBe('simulator')
  })

  it('refuses a production session secret under 32 characters, each of a rotation list, without repeating it', () => {
    const production = { NODE_ENV: 'production', PAYFAST_MODE: 'sandbox' }
    const short = fail({ ...production, SESSION_SECRET: 'hunter' })
    expect(short).toMatch(
      /SESSION_SECRET: the secret is 6 characters; each secret must be at least 32 when NODE_ENV=production \(make one with: openssl rand -hex 32\)/,
    )
    expect(short).not.toMatch(/hunter/)
    const rotated = fail({ ...production, SESSION_SECRET: `${SECRET}, old-secret` })
    expect(rotated).toMatch(/SESSION_SECRET: secret 2 of 2 is 10 characters/)
    expect(rotated).not.toMatch(/secret 1 of 2/)
    expect(fail({ ...production, SESSION_SECRET: SECRET.slice(1) })).toMatch(/is 31 characters/)
    expect(
      parseEnv({ ...production, SESSION_SECRET: `${SECRET}, ${[...SECRET].reverse().join('')}` })
        .sessionSecrets,
    ).toHaveLength(2)
    // Outside production a short secret is a developer's choice.
    expect(parseEnv({ SESSION_SECRET: 's' }).sessionSecrets).toEqual(['s'])
  })

  it('refuses live PayFast in production without a passphrase', () => {
    const live = {
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      PAYFAST_MODE: 'live',
      PAYFAST_MERCHANT_ID: '10012345',
      PAYFAST_MERCHANT_KEY: 'abc123def456g',
    }
    expect(fail(live)).toMatch(
      /PAYFAST_PASSPHRASE: is required when NODE_ENV=production and PAYFAST_MODE=live/,
    )
    expect(fail({ ...live, PAYFAST_PASSPHRASE: '  ' })).toMatch(/PAYFAST_PASSPHRASE/)
    expect(parseEnv({ ...live, PAYFAST_PASSPHRASE: 'jt7NOE43FZPn' }).payfast.passphrase).toBe(
      'jt7NOE43FZPn',
    )
    // Sandbox merchants often have no passphrase.
    expect(parseEnv({ ...live, PAYFAST_MODE: 'sandbox' }).payfast.mode).toBe('sandbox')
  })

  it('warns, once, about the simulator and a plain-http APP_URL in production', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: SECRET }
    const https = { ...production, APP_URL: 'https://karoo.example', PAYFAST_MODE: 'live' }
    const quiet = parseEnv({
      ...https,
      PAYFAST_MERCHANT_ID: '1',
      PAYFAST_MERCHANT_KEY: 'k',
      PAYFAST_PASSPHRASE: 'p',
    })
    expect(productionWarnings(quiet)).toEqual([])

    const loud = parseEnv({
      ...production,
      PAYFAST_MODE: 'simulator',
      APP_URL: 'http://karoo.example',
    })
    const warnings = productionWarnings(loud)
    expect(warnings).toEqual([
      expect.stringMatching(
        /^PAYFAST_MODE=simulator in production: no money changes hands.*Set PAYFAST_MODE=live/,
      ),
      expect.stringMatching(
        /^APP_URL is plain http \(http:\/\/karoo.example\) in production.*https/,
      ),
    ])
    // A local production run (npm start, e2e, bench) on loopback is not warned about its http.
    for (const APP_URL of ['http://localhost:3000', 'http://127.0.0.1:4100', 'http://[::1]:3000']) {
      expect(
        productionWarnings(parseEnv({ ...production, PAYFAST_MODE: 'sandbox', APP_URL })),
      ).toEqual([])
    }
    // Development runs on the simulator over http by design.
    expect(productionWarnings(parseEnv({}))).toEqual([])

    const written: string[] = []
    const seen = {}
    warnAboutProduction(loud, (text) => written.push(text), seen)
    warnAboutProduction(loud, (text) => written.push(text), seen)
    expect(written).toHaveLength(1)
    expect(written[0]).toContain(`WARNING: ${warnings[0]}`)
    expect(written[0]).toContain(`WARNING: ${warnings[1]}`)
    warnAboutProduction(quiet, (text) => written.push(text), {})
    expect(written).toHaveLength(1)
  })

  it('refuses Storyblok in production without a webhook secret', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: SECRET, PAYFAST_MODE: 'sandbox' }
    expect(fail({ ...production, STORYBLOK_TOKEN: 't' })).toMatch(
      /STORYBLOK_WEBHOOK_SECRET: is required when NODE_ENV=production and STORYBLOK_TOKEN is set/,
    )
    expect(
      parseEnv({ ...production, STORYBLOK_TOKEN: 't', STORYBLOK_WEBHOOK_SECRET: 'w' }).storyblok
        .webhookSecret,
    ).toBe('w')
    expect(parseEnv({ STORYBLOK_TOKEN: 't' }).storyblok.webhookSecret).toBeUndefined()
  })

  it('requires the Firebase settings the chosen backends need', () => {
    expect(fail({ DATA_BACKEND: 'firestore' })).toMatch(
      /FIREBASE_PROJECT_ID: is required when DATA_BACKEND=firestore/,
    )
    expect(fail({ AUTH_BACKEND: 'firebase', FIREBASE_PROJECT_ID: 'p' })).toMatch(/FIREBASE_API_KEY/)
    expect(fail({ PAYFAST_MODE: 'live' })).toMatch(
      /PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY are required/,
    )
  })

  it('keeps mail in the outbox without SMTP_URL, from shop@localhost', () => {
    expect(parseEnv({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'shop@localhost',
      shopEmail: 'shop@localhost',
    })
    expect(parseEnv({ SMTP_URL: ' ', MAIL_FROM: '' }).mail.smtpUrl).toBeUndefined()
  })

  it('takes an smtp:// or smtps:// URL and a sender with or without a name', () => {
    const env = parseEnv({
      SMTP_URL: 'smtps://shop:s3cret@mail.example:465',
      MAIL_FROM: 'Karoo & Co. <orders@karoo.example>',
      SHOP_EMAIL: 'staff@karoo.example',
    })
    expect(env.mail).toEqual({
      smtpUrl: 'smtps://shop:s3cret@mail.example:465',
      from: 'Karoo & Co. <orders@karoo.example>',
      shopEmail: 'staff@karoo.example',
    })
    expect(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.smtpUrl).toBe(
      'smtp://127.0.0.1:2525',
    )
  })

  it('refuses other mail settings and never repeats the SMTP password', () => {
    const message = fail({ SMTP_URL: 'https://shop:s3cret@mail.example' })
    expect(message).toMatch(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/)
    expect(message).not.toContain('s3cret')
    expect(fail({ SMTP_URL: 'mail.example:587' })).toMatch(/SMTP_URL/)
    expect(fail({ MAIL_FROM: 'the shop' })).toMatch(/MAIL_FROM: must be an email address/)
    expect(fail({ SHOP_EMAIL: 'Shop <shop@example>' })).toMatch(
      /SHOP_EMAIL: must be an email address/,
    )
  })

  it('turns Bob Go on with its key, at its production API unless told otherwise', () => {
    expect(parseEnv({}).bobgo).toBeNull()
    expect(parseEnv({ BOBGO_API_KEY: 'k' }).bobgo).toEqual({
      apiKey: 'k',
      apiUrl: 'https://api.bobgo.co.za',
      webhookSecret: null,
    })
    expect(
      parseEnv({
        BOBGO_API_KEY: 'k',
        BOBGO_API_URL: 'http://127.0.0.1:4010/',
        BOBGO_WEBHOOK_SECRET: 'w',
      }).bobgo,
    ).toEqual({ apiKey: 'k', apiUrl: 'http://127.0.0.1:4010', webhookSecret: 'w' })
    expect(fail({ BOBGO_API_KEY: 'k', BOBGO_API_URL: 'api.bobgo.co.za' })).toMatch(
      /BOBGO_API_URL: must be an absolute URL/,
    )
  })

  it('refuses Bob Go in production without its webhook secret, never repeating the key', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: SECRET, PAYFAST_MODE: 'sandbox' }
    const message = fail({ ...production, BOBGO_API_KEY: 'sk-bobgo-123' })
    expect(message).toMatch(
      /BOBGO_WEBHOOK_SECRET: is required when NODE_ENV=production and BOBGO_API_KEY is set/,
    )
    expect(message).not.toContain('sk-bobgo-123')
    expect(
      parseEnv({ ...production, BOBGO_API_KEY: 'k', BOBGO_WEBHOOK_SECRET: 'w' }).bobgo
        ?.webhookSecret,
    ).toBe('w')
  })

  it("takes Pargo's API credentials as a pair", () => {
    expect(parseEnv({}).pargo).toBeNull()
    expect(parseEnv({ PARGO_USERNAME: 'u', PARGO_PASSWORD: 'p' }).pargo).toEqual({
      apiUrl: 'https://api.pargo.co.za',
      username: 'u',
      password: 'p',
    })
    const message = fail({ PARGO_USERNAME: 'u' })
    expect(message).toMatch(/PARGO_PASSWORD: PARGO_USERNAME and PARGO_PASSWORD go together/)
    expect(fail({ PARGO_PASSWORD: 'secret-pw' })).not.toContain('secret-pw')
  })
})
