import { createHmac, timingSafeEqual } from 'node:crypto'

import { env } from '~/lib/env.server'

/*
 * A guest's own link to their order (docs/contracts.md "Customers and privacy"): `/orders/{id}?key=`
 * where the key is an HMAC of the order id with the session secret. Whoever holds the link sees the
 * order (its page, tracking, invoice, returns) without signing in; nobody can make one for another
 * order without the secret. Rotating SESSION_SECRET keeps old links working while the old secret
 * stays in the list (like the cookies).
 */

const PURPOSE = 'order-link:'

function keyWith(secret: string, orderId: string): string {
  // 24 bytes of the digest (192 bits) keep the link short and still unguessable.
  return createHmac('sha256', secret)
    .update(PURPOSE + orderId)
    .digest()
    .subarray(0, 24)
    .toString('base64url')
}

/** The key that opens `orderId` (made with the newest secret). */
export function orderLinkKey(orderId: string, secrets: readonly string[] = env.sessionSecrets) {
  return keyWith(secrets[0]!, orderId)
}

/** Whether `key` opens `orderId`, checked in constant time against every secret still accepted. */
export function isOrderLinkKey(
  orderId: string,
  key: string | null | undefined,
  secrets: readonly string[] = env.sessionSecrets,
): boolean {
  if (!key || key.length > 64) return false
  const given = Buffer.from(key)
  let match = false
  for (const secret of secrets) {
    const expected = Buffer.from(keyWith(secret, orderId))
    // Every secret is checked, so the time taken does not tell which one matched.
    if (expected.length === given.length && timingSafeEqual(expected, given)) match = true
  }
  return match
}

/** The path of the order's own link: `/orders/{id}?key=...`. */
export function orderLinkPath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}?key=${orderLinkKey(orderId)}`
}
