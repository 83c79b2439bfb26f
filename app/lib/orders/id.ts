/**
 * Order ids: 12 characters from an alphabet without look-alikes (no 0/O, 1/I/l), so they can be
 * read out over the phone and typed from an email. 31^12 ≈ 7.9 × 10^17 ids: unguessable.
 * Safe on server and client; the generator lives in id.server.ts (node:crypto).
 */
export const ORDER_ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const ORDER_ID_LENGTH = 12

const PATTERN = new RegExp(`^[${ORDER_ID_ALPHABET}]{${ORDER_ID_LENGTH}}$`)

/** Whether `value` is shaped like one of our order ids (upper case, as we issue them). */
export function isOrderId(value: unknown): value is string {
  return typeof value === 'string' && PATTERN.test(value)
}

/** What a shopper typed ("k7m2-p9qr twxy") as an id to look up: spaces and dashes dropped, upper case. */
export function normalizeOrderId(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase()
}
