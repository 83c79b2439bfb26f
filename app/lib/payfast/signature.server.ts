import { createHash, timingSafeEqual } from 'node:crypto'

/** A PayFast field: name and value, in the order they are sent. */
export type PayfastPair = readonly [name: string, value: string]

const UNRESERVED = /[A-Za-z0-9\-_.]/
const utf8 = new TextEncoder()

/**
 * PHP's `urlencode`, which PayFast signs with: every byte of the UTF-8 form is escaped as upper-case
 * `%XX` except A-Z, a-z, 0-9, `-`, `_` and `.`; a space becomes `+`.
 * NOTE: `encodeURIComponent` differs (it keeps `~!*'()` and writes spaces as `%20`), so a signature
 * built with it fails on PayFast for any value holding one of those.
 */
export function phpUrlencode(value: string): string {
  let out = ''
  for (const char of value) {
    if (char === ' ') out += '+'
    else if (UNRESERVED.test(char)) out += char
    else {
      for (const byte of utf8.encode(char)) {
        out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
      }
    }
  }
  return out
}

/** `name=value` pairs joined by `&`, values PHP-urlencoded as given (nothing skipped or trimmed). */
function joinPairs(pairs: readonly PayfastPair[]): string {
  return pairs.map(([name, value]) => `${name}=${phpUrlencode(value)}`).join('&')
}

/**
 * The parameter string a payment request is signed over: the non-blank fields in the given order,
 * each value trimmed. A `signature` field, if present, is left out.
 */
export function paramString(pairs: readonly PayfastPair[]): string {
  return joinPairs(
    pairs
      .filter(([name]) => name !== 'signature')
      .map(([name, value]): PayfastPair => [name, value.trim()])
      .filter(([, value]) => value !== ''),
  )
}

/**
 * The parameter string of an ITN as PayFast signs it: every posted field in the order received,
 * blank ones included and values untouched, with `signature` left out. This exact string is also
 * what the server confirmation POST sends to `/eng/query/validate`.
 */
export function itnParamString(pairs: readonly PayfastPair[]): string {
  return joinPairs(pairs.filter(([name]) => name !== 'signature'))
}

/** Lower-case hex MD5 of a parameter string, with `&passphrase=...` appended when one is set. */
export function signParamString(params: string, passphrase?: string | null): string {
  const secret = passphrase?.trim()
  const signed = secret ? `${params}&passphrase=${phpUrlencode(secret)}` : params
  return createHash('md5').update(signed, 'utf8').digest('hex')
}

/** The signature of a payment request (checkout form, simulator check): see `paramString`. */
export function signature(pairs: readonly PayfastPair[], passphrase?: string | null): string {
  return signParamString(paramString(pairs), passphrase)
}

/** Compares a received signature with the expected one in constant time. */
export function signaturesMatch(expected: string, received: string | null | undefined): boolean {
  if (typeof received !== 'string') return false
  const a = Buffer.from(expected.toLowerCase(), 'utf8')
  const b = Buffer.from(received.trim().toLowerCase(), 'utf8')
  // timingSafeEqual needs equal lengths; the length of an MD5 hex digest is no secret.
  return a.length === b.length && timingSafeEqual(a, b)
}
