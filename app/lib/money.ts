/**
 * Money is integer cents of ZAR everywhere; this module is the one place that turns cents into
 * text and back. Safe on server and client (no Node APIs).
 */

/**
 * The non-breaking space (U+00A0) used between "R" and the amount and between thousands groups.
 *
 * NOTE: we do not call Intl.NumberFormat('en-ZA'). Its output depends on the ICU version Node and
 * each browser ship (older CLDR data uses "," grouping, some use U+202F), so server-rendered HTML
 * and a client re-render could disagree and cause a hydration mismatch. Our policy is fixed:
 * U+00A0 everywhere a space appears, so a price never wraps across lines, and a comma before the
 * cents, which matches current en-ZA CLDR output.
 */
export const MONEY_SPACE = '\u00a0'

function groupThousands(digits: string): string {
  let out = ''
  for (let i = 0; i < digits.length; i++) {
    const fromEnd = digits.length - i
    if (i > 0 && fromEnd % 3 === 0) out += MONEY_SPACE
    out += digits[i]
  }
  return out
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Money must be whole cents, got ${cents}`)
}

/** `129900` -> `"R 1 299,00"` (spaces are U+00A0); negative amounts read `"-R 12,50"`. */
export function formatRand(cents: number): string {
  assertCents(cents)
  const abs = Math.abs(cents)
  const rands = Math.floor(abs / 100)
  const rest = abs % 100
  const sign = cents < 0 ? '-' : ''
  return `${sign}R${MONEY_SPACE}${groupThousands(String(rands))},${String(rest).padStart(2, '0')}`
}

/**
 * `129900` -> `"1299.00"`: plain rands with two decimals and a dot, by integer arithmetic so no
 * float rounding creeps in: PayFast's `amount` fields, JSON-LD and Open Graph prices.
 */
export function centsToRandsString(cents: number): string {
  assertCents(cents)
  const abs = Math.abs(cents)
  const sign = cents < 0 ? '-' : ''
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

const RANDS_STRING = /^(0|[1-9]\d{0,11})\.(\d{2})$/

/**
 * The exact inverse of centsToRandsString for machine-written amounts (PayFast's "123.45"): cents,
 * or null for anything else (no sign, no thousands separators, exactly two decimals). Shopper-typed
 * amounts go through the forgiving parseRandsToCents instead.
 */
export function randsStringToCents(amount: string): number | null {
  const match = RANDS_STRING.exec(amount)
  if (!match) return null
  return Number(match[1]) * 100 + Number(match[2])
}

/** The VAT included in a VAT-inclusive total at 15%: round(total * 15 / 115), in cents. */
export function vatIncluded(totalCents: number): number {
  assertCents(totalCents)
  // Integer numerator so the only rounding is the final one; Math.round on halves rounds up.
  return Math.round((totalCents * 15) / 115)
}

const RANDS_PATTERN = /^(\d{1,9})(?:[.,](\d{0,2}))?$/

/**
 * Parses a shopper-typed rand amount ("12.5", "12,50", "1 299", "R 100") into cents, or null when
 * it is not a non-negative amount with at most two decimals.
 */
export function parseRandsToCents(input: string | null | undefined): number | null {
  if (input == null) return null
  const cleaned = input
    .trim()
    .replace(/^R\s*/i, '')
    .replace(/[\s\u00a0\u202f]/g, '')
  const match = RANDS_PATTERN.exec(cleaned)
  if (!match) return null
  const whole = Number(match[1])
  const fraction = (match[2] ?? '').padEnd(2, '0')
  return whole * 100 + Number(fraction)
}
