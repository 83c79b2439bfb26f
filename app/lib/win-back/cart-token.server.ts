import { createHmac, timingSafeEqual } from 'node:crypto'

import { cleanCartLines } from '~/lib/cart/rules'
import type { CartLine } from '~/lib/data/types'
import { env } from '~/lib/env.server'

/*
 * The cart reminder's restore link: `/cart/restore?t={lines}.{signature}`, the cart's lines in the
 * link, signed with the session secret (HMAC, constant-time checked against every secret still
 * accepted), so nobody can make a link that fills a cart without the secret.
 */

const PURPOSE = 'cart-restore:'
/** Longer tokens are refused before any work: a cart of MAX_CART_LINES lines fits well within. */
export const CART_TOKEN_MAX = 8_000

function signatureWith(secret: string, payload: string): string {
  return createHmac('sha256', secret)
    .update(PURPOSE + payload)
    .digest()
    .subarray(0, 24)
    .toString('base64url')
}

/** The token of these lines (signed with the newest secret). */
export function cartToken(
  lines: readonly CartLine[],
  secrets: readonly string[] = env.sessionSecrets,
): string {
  const compact = lines.map((line) => [line.productId, line.variantId ?? '', line.quantity])
  const payload = Buffer.from(JSON.stringify(compact)).toString('base64url')
  return `${payload}.${signatureWith(secrets[0]!, payload)}`
}

/** The lines of a token signed by one of the secrets; null for anything else. */
export function linesFromCartToken(
  token: string | null | undefined,
  secrets: readonly string[] = env.sessionSecrets,
): CartLine[] | null {
  if (!token || token.length > CART_TOKEN_MAX) return null
  const [payload, signature, extra] = token.split('.')
  if (!payload || !signature || extra !== undefined) return null
  const given = Buffer.from(signature)
  let match = false
  for (const secret of secrets) {
    const expected = Buffer.from(signatureWith(secret, payload))
    if (expected.length === given.length && timingSafeEqual(expected, given)) match = true
  }
  if (!match) return null
  try {
    const compact: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    if (!Array.isArray(compact)) return null
    const lines = compact.map((entry: unknown) => {
      const [productId, variantId, quantity] = Array.isArray(entry) ? entry : []
      return variantId ? { productId, variantId, quantity } : { productId, quantity }
    })
    const clean = cleanCartLines(lines)
    return clean.length ? clean : null
  } catch {
    return null
  }
}
