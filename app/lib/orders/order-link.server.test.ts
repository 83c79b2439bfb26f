import { describe, expect, it } from 'vitest'

import { isOrderLinkKey, orderLinkKey, orderLinkPath } from './order-link.server'

const SECRETS = ['a'.repeat(32), 'b'.repeat(32)]

describe("a guest's order link", () => {
  it('opens the order it was made for, and no other', () => {
    const key = orderLinkKey('ORDER12345', SECRETS)
    expect(isOrderLinkKey('ORDER12345', key, SECRETS)).toBe(true)
    expect(isOrderLinkKey('ORDER12346', key, SECRETS)).toBe(false)
  })

  it('refuses a missing, altered or over-long key', () => {
    const key = orderLinkKey('ORDER12345', SECRETS)
    expect(isOrderLinkKey('ORDER12345', null, SECRETS)).toBe(false)
    expect(isOrderLinkKey('ORDER12345', '', SECRETS)).toBe(false)
    const altered = (key[0] === 'A' ? 'B' : 'A') + key.slice(1)
    expect(isOrderLinkKey('ORDER12345', altered, SECRETS)).toBe(false)
    expect(isOrderLinkKey('ORDER12345', key + 'x'.repeat(100), SECRETS)).toBe(false)
  })

  it('keeps working after the secret is rotated while the old one is still listed', () => {
    const old = orderLinkKey('ORDER12345', [SECRETS[1]!])
    expect(isOrderLinkKey('ORDER12345', old, SECRETS)).toBe(true)
    expect(isOrderLinkKey('ORDER12345', old, [SECRETS[0]!])).toBe(false)
  })

  it('is a path with the key in the query', () => {
    expect(orderLinkPath('ORDER12345')).toMatch(/^\/orders\/ORDER12345\?key=[\w-]{32}$/)
  })
})
