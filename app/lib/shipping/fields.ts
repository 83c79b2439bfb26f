import { z } from 'zod'

import { MAX_DIMENSION_CM, MAX_WEIGHT_GRAMS } from '~/lib/data/variants'
import { parseRandsToCents } from '~/lib/money'

/**
 * The shipping form fields staff type (product weights and sizes, the table rates at
 * /admin/shipping), shared by every form that has them. Plain zod, so conform checks the same
 * rules in the browser. Blank optional fields are null.
 */

/** "1 200" -> 1200: whole numbers as staff type them, spaces between thousands allowed. */
function wholeNumber(ask: string, min: number, max: number, tooBig: string) {
  return z
    .string({ required_error: ask, invalid_type_error: ask })
    .trim()
    .transform((value) => value.replace(/[\s\u00a0]/g, ''))
    .refine((value) => /^\d{1,9}$/.test(value), ask)
    .transform(Number)
    .refine((n) => n >= min, ask)
    .refine((n) => n <= max, tooBig)
}

const WEIGHT_ASK = 'Enter the weight in whole grams, e.g. 250'

/** A variant's packed weight in grams: blank is null (unknown: the shop's default weight is used). */
export const weightGrams = wholeNumber(
  `${WEIGHT_ASK}, or leave it empty`,
  0,
  MAX_WEIGHT_GRAMS,
  `Enter a weight of at most ${MAX_WEIGHT_GRAMS.toLocaleString('en').replace(/,/g, ' ')} g`,
)
  .optional()
  .transform((grams) => grams ?? null)

/** A required weight in grams, more than nothing (the shop's default weight). */
export function requiredWeightGrams(label: string) {
  const ask = `Enter the ${label} in whole grams, e.g. 1000`
  return wholeNumber(
    ask,
    1,
    MAX_WEIGHT_GRAMS,
    `Enter a ${label} of at most ${MAX_WEIGHT_GRAMS.toLocaleString('en').replace(/,/g, ' ')} g`,
  )
}

/** One side of a packed variant in whole centimetres: blank is null (unknown). */
export function sizeCm(side: 'length' | 'width' | 'height') {
  return wholeNumber(
    `Enter the ${side} in whole centimetres, e.g. 20, or leave it empty`,
    1,
    MAX_DIMENSION_CM,
    `Enter a ${side} of at most ${MAX_DIMENSION_CM} cm`,
  )
    .optional()
    .transform((cm) => cm ?? null)
}

/** The weight and size fields of a variant (or a product without options), by their form names. */
export const parcelFields = {
  weightGrams,
  lengthCm: sizeCm('length'),
  widthCm: sizeCm('width'),
  heightCm: sizeCm('height'),
}

/**
 * The three sides come together: with some of them typed and others not, each missing one is
 * asked for (`path` is where the fields sit, e.g. [] or ['variants', 2]).
 */
export function checkAllSides(
  sides: { lengthCm: number | null; widthCm: number | null; heightCm: number | null },
  ctx: z.RefinementCtx,
  path: (string | number)[] = [],
): void {
  const given = (['lengthCm', 'widthCm', 'heightCm'] as const).filter((k) => sides[k] !== null)
  if (given.length === 0 || given.length === 3) return
  for (const key of ['lengthCm', 'widthCm', 'heightCm'] as const) {
    if (sides[key] === null) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, key],
        message: 'Enter all three sides in centimetres, or leave all three empty',
      })
    }
  }
}

/**
 * An amount in rands that may be nothing (a free band): "99", "99.00", "R 1 000": integer cents
 * from 0.
 */
export function randsFromZero(label: string) {
  const ask = `Enter the ${label} in rands, e.g. 99.00`
  return z
    .string({ required_error: ask, invalid_type_error: ask })
    .max(30, ask)
    .transform((value, ctx) => {
      const cents = parseRandsToCents(value)
      if (cents === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: ask })
        return z.NEVER
      }
      return cents
    })
}

/**
 * A weight as staff write it in a band line: "2000", "2000 g", "1 200 g", "2 kg", "2,5 kg" ->
 * whole grams; null for anything else (a fraction of a gram included).
 */
export function weightGramsInText(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,3}))?\s*(kg|g)?$/i.exec(
    text.trim().replace(/(\d)[\s\u00a0](?=\d{3}\b)/g, '$1'),
  )
  if (!match) return null
  const [, whole, fraction, unit] = match
  if (unit?.toLowerCase() === 'kg') {
    return Number(whole) * 1000 + Number((fraction ?? '').padEnd(3, '0'))
  }
  return fraction === undefined ? Number(whole) : null
}
