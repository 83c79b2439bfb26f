import type { Cents } from '~/lib/data/types'

/**
 * Cents as PayFast's amount string: rands with two decimals and a dot ("1299.00", "-2.30"),
 * by integer arithmetic so no float rounding can creep in.
 */
export function centsToAmount(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  const rands = Math.trunc(abs / 100)
  return `${sign}${rands}.${String(abs % 100).padStart(2, '0')}`
}

const AMOUNT = /^(0|[1-9]\d{0,11})\.(\d{2})$/

/**
 * PayFast's amount string ("123.45") to cents, exactly; null for anything else (no sign, no
 * thousands separators, exactly two decimals).
 */
export function amountToCents(amount: string): Cents | null {
  const match = AMOUNT.exec(amount)
  if (!match) return null
  return Number(match[1]) * 100 + Number(match[2])
}
