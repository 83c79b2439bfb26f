import { createHmac, timingSafeEqual } from 'node:crypto'

import { env } from '~/lib/env.server'

/*
 * The unsubscribe link's token (docs/contracts.md "Customers and privacy"): `/unsubscribe?t=` where
 * t is the lower-cased email (base64url) and an HMAC of it with the session secret, so whoever holds
 * a marketing mail can stop that address's mail in one click, without signing in, and nobody can
 * make one for another address without the secret. Checked in constant time against every secret
 * still accepted (rotating SESSION_SECRET keeps old mails' links working while the old one is listed).
 */

const PURPOSE = 'unsubscribe:'
/** A token longer than this is refused before any work (an email is at most 254 characters). */
const TOKEN_MAX = 400

function macWith(secret: string, email: string): string {
  // 24 bytes of the digest (192 bits): short enough for a link, far beyond guessing.
  return createHmac('sha256', secret)
    .update(PURPOSE + email)
    .digest()
    .subarray(0, 24)
    .toString('base64url')
}

/** The token that unsubscribes `email` (made with the newest secret). */
export function unsubscribeToken(
  email: string,
  secrets: readonly string[] = env.sessionSecrets,
): string {
  const key = email.trim().toLowerCase()
  return `${Buffer.from(key).toString('base64url')}.${macWith(secrets[0]!, key)}`
}

/** The email a token unsubscribes, or null when it is missing, malformed or not ours. */
export function emailFromUnsubscribeToken(
  token: string | null | undefined,
  secrets: readonly string[] = env.sessionSecrets,
): string | null {
  if (!token || token.length > TOKEN_MAX) return null
  const dot = token.indexOf('.')
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null
  const encoded = token.slice(0, dot)
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return null
  const email = Buffer.from(encoded, 'base64url').toString('utf8')
  if (!email.includes('@') || email !== email.trim().toLowerCase()) return null
  const given = Buffer.from(token.slice(dot + 1))
  let match = false
  for (const secret of secrets) {
    const expected = Buffer.from(macWith(secret, email))
    // Every secret is checked, so the time taken does not tell which one matched.
    if (expected.length === given.length && timingSafeEqual(expected, given)) match = true
  }
  return match ? email : null
}

/** The absolute unsubscribe link for `email` on the shop at `appUrl`. */
export function unsubscribeUrl(appUrl: string, email: string): string {
  return `${appUrl.replace(/\/+$/, '')}/unsubscribe?t=${unsubscribeToken(email)}`
}
