import { describe, expect, it } from 'vitest'

import {
  emailFromUnsubscribeToken,
  unsubscribeToken,
  unsubscribeUrl,
} from './unsubscribe-token.server'

const SECRETS = ['new-secret-of-at-least-32-characters!!', 'old-secret-of-at-least-32-characters!!']

describe('the unsubscribe link token', () => {
  it('names the lower-cased email it was made for, and only with one of our secrets', () => {
    const token = unsubscribeToken(' Thandi@Example.co.za ', SECRETS)
    expect(emailFromUnsubscribeToken(token, SECRETS)).toBe('thandi@example.co.za')
    // Made with a secret since rotated out: still good while the old secret is listed.
    const old = unsubscribeToken('sipho@example.co.za', [SECRETS[1]!])
    expect(emailFromUnsubscribeToken(old, SECRETS)).toBe('sipho@example.co.za')
    expect(emailFromUnsubscribeToken(old, [SECRETS[0]!])).toBeNull()
  })

  it('refuses a token whose email was swapped for another address', () => {
    const token = unsubscribeToken('thandi@example.co.za', SECRETS)
    const mac = token.split('.')[1]
    const other = Buffer.from('victim@example.co.za').toString('base64url')
    expect(emailFromUnsubscribeToken(`${other}.${mac}`, SECRETS)).toBeNull()
  })

  it.each([
    ['missing', null],
    ['empty', ''],
    ['without its signature', Buffer.from('a@b.co').toString('base64url')],
    ['with a cut signature', unsubscribeToken('a@b.co', SECRETS).slice(0, -2)],
    ['with two dots', `${unsubscribeToken('a@b.co', SECRETS)}.x`],
    ['not base64url', `%%%.${unsubscribeToken('a@b.co', SECRETS).split('.')[1]}`],
    ['far too long', 'a'.repeat(5000)],
  ])('refuses a token %s', (_, token) => {
    expect(emailFromUnsubscribeToken(token, SECRETS)).toBeNull()
  })

  it('puts the token on the shop address as /unsubscribe?t=', () => {
    const url = new URL(unsubscribeUrl('https://shop.example/', 'a@b.co'))
    expect(url.origin + url.pathname).toBe('https://shop.example/unsubscribe')
    expect(emailFromUnsubscribeToken(url.searchParams.get('t'))).toBe('a@b.co')
  })
})
