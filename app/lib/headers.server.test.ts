import type { ServerResponse } from 'node:http'

import { describe, expect, it } from 'vitest'

import { parseEnv } from './env.server'
import { cspDirectives, helmetOptions } from './headers.server'

/** The policy as the browser receives it, for a response whose nonce is `n0nce`. */
function policy(source: Record<string, string>) {
  const res = { locals: { cspNonce: 'n0nce' } } as unknown as ServerResponse
  return Object.fromEntries(
    Object.entries(cspDirectives(parseEnv({ NODE_ENV: 'test', ...source }))).map(
      ([name, values]) => [
        name,
        values
          .map((value) => (typeof value === 'function' ? value(undefined, res) : value))
          .join(' '),
      ],
    ),
  )
}

describe('cspDirectives', () => {
  it("runs only the shop's scripts that carry this response's nonce", () => {
    const csp = policy({})
    expect(csp['script-src']).toBe("'self' 'nonce-n0nce'")
    expect(csp['script-src-attr']).toBe("'none'")
    expect(csp['object-src']).toBe("'none'")
    expect(csp['base-uri']).toBe("'self'")
    expect(csp['frame-ancestors']).toBe("'self' https://app.storyblok.com")
  })

  it('lets forms post to the shop and the PayFast gateway of the mode only', () => {
    expect(policy({ PAYFAST_MODE: 'sandbox' })['form-action']).toBe(
      "'self' https://sandbox.payfast.co.za",
    )
    expect(
      policy({ PAYFAST_MODE: 'live', PAYFAST_MERCHANT_ID: '1', PAYFAST_MERCHANT_KEY: 'k' })[
        'form-action'
      ],
    ).toBe("'self' https://www.payfast.co.za")
    expect(policy({ APP_URL: 'https://shop.example' })['form-action']).toBe(
      "'self' https://shop.example",
    )
  })

  it('adds third-party hosts only for the backends that load them', () => {
    expect(policy({})['frame-src']).toBe("'none'")
    expect(policy({})['connect-src']).toBe("'self'")
    expect(policy({ NODE_ENV: 'development' })['connect-src']).toBe("'self' ws:")
    expect(policy({ STORYBLOK_TOKEN: 't' })['script-src']).toContain('https://app.storyblok.com')
    const firebase = policy({
      AUTH_BACKEND: 'firebase',
      FIREBASE_PROJECT_ID: 'karoo',
      FIREBASE_API_KEY: 'k',
    })
    expect(firebase['script-src']).toContain('https://apis.google.com')
    expect(firebase['connect-src']).toContain('https://identitytoolkit.googleapis.com')
    expect(firebase['frame-src']).toBe('https://karoo.firebaseapp.com')
  })

  it('upgrades insecure requests only on an https shop', () => {
    expect(policy({})).not.toHaveProperty('upgrade-insecure-requests')
    expect(policy({ APP_URL: 'https://shop.example' })).toHaveProperty(
      'upgrade-insecure-requests',
      '',
    )
  })
})

describe('helmetOptions', () => {
  it('sends HSTS only when APP_URL is https, and leaves framing to frame-ancestors', () => {
    expect(helmetOptions(parseEnv({})).strictTransportSecurity).toBe(false)
    expect(
      helmetOptions(parseEnv({ APP_URL: 'https://shop.example' })).strictTransportSecurity,
    ).toMatchObject({
      maxAge: 31_536_000,
    })
    expect(helmetOptions(parseEnv({})).xFrameOptions).toBe(false)
  })
})
