import { z } from 'zod'

import { PROVINCES } from '~/lib/data/types'
import { addressFields, checkbox, optionalText, phone, randsAmount } from '~/lib/fields'
import { parseRandsToCents } from '~/lib/money'
import { randsFromZero, requiredWeightGrams, weightGramsInText } from '~/lib/shipping/fields'
import {
  ESTIMATE_MAX,
  MAX_BANDS,
  MAX_POSTAL_RANGES,
  MAX_ZONES,
  ZONE_NAME_MAX,
} from '~/lib/shipping/settings'
import type { PostalRange, WeightBand } from '~/lib/shipping/types'

/**
 * The /admin/shipping form (docs/contracts.md "Shipping"): the table rates' zones, the default
 * weight and the collection point. Plain zod, so conform checks the same rules in the browser.
 *
 * Field names stay within the form-body bounds (three levels): a zone's postal ranges are one text
 * field ("7441-8099, 8000") and its weight bands one text area, a line per band ("2000 = 89.00":
 * up to 2000 g for R 89,00).
 */

/** Zone ids the store keeps: lower-case slugs. */
export const ZONE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/
const POSTAL_RANGES_TEXT_MAX = 1000
const BANDS_TEXT_MAX = 1000
/** One row more than the zones a shop may keep: the empty "new zone" row. */
const ZONE_ROWS_MAX = MAX_ZONES + 1

const RANGE_ASK = 'Write postal codes as 4 digits or ranges like 7441-8099, separated by commas'
const BAND_ASK = 'Write each band on its own line as grams = rands, e.g. 2000 = 89.00'

/** "7441-8099, 8000" -> ranges, or the message naming the first piece that is not one. */
export function parsePostalRanges(
  text: string | null,
): { ranges: PostalRange[] } | { error: string } {
  const ranges: PostalRange[] = []
  for (const piece of (text ?? '').split(/[,;\n]+/)) {
    const token = piece.trim()
    if (!token) continue
    const match = /^(\d{4})(?:\s*[-–—]\s*(\d{4}))?$/.exec(token)
    if (!match) return { error: `"${token.slice(0, 20)}" is not a postal code. ${RANGE_ASK}` }
    const from = match[1]!
    const to = match[2] ?? from
    if (from > to) return { error: `${from}-${to} runs backwards: write the lower code first` }
    ranges.push({ from, to })
  }
  if (ranges.length > MAX_POSTAL_RANGES) {
    return { error: `A zone may have at most ${MAX_POSTAL_RANGES} postal ranges` }
  }
  return { ranges }
}

/** Ranges as the text field shows them: "7441-8099, 8000". */
export function formatPostalRanges(ranges: readonly PostalRange[]): string {
  return ranges.map((r) => (r.from === r.to ? r.from : `${r.from}-${r.to}`)).join(', ')
}

/**
 * "2000 = 89.00" lines (or "2 kg = R 89"), lightest first once read, or the message naming the
 * line that is not a band.
 */
export function parseBands(text: string | null): { bands: WeightBand[] } | { error: string } {
  const bands: WeightBand[] = []
  const lines = (text ?? '').split(/\r?\n|;/)
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim()
    if (!line) continue
    const at = `Line ${i + 1} ("${line.slice(0, 30)}")`
    const [weightText, priceText, ...rest] = line.split('=')
    const grams = weightText === undefined ? null : weightGramsInText(weightText)
    if (grams === null || priceText === undefined || rest.length > 0) {
      return { error: `${at}: ${BAND_ASK}` }
    }
    if (grams <= 0) return { error: `${at}: a band holds parcels up to more than 0 g` }
    const priceCents = parseRandsToCents(priceText)
    if (priceCents === null) return { error: `${at}: write the price in rands, e.g. 89.00` }
    if (bands.some((band) => band.upToGrams === grams)) {
      return { error: `Two bands are up to ${grams} g: keep one` }
    }
    bands.push({ upToGrams: grams, priceCents })
  }
  if (bands.length === 0) return { error: `Give the zone at least one weight band. ${BAND_ASK}` }
  if (bands.length > MAX_BANDS)
    return { error: `A zone may have at most ${MAX_BANDS} weight bands` }
  return { bands: bands.sort((a, b) => a.upToGrams - b.upToGrams) }
}

/** Bands as the text area shows them: "2000 = 89.00", a line each. */
export function formatBands(bands: readonly WeightBand[]): string {
  return bands.map((band) => `${band.upToGrams} = ${(band.priceCents / 100).toFixed(2)}`).join('\n')
}

const zoneRow = z.object({
  /** The zone's id (hidden); empty for the new-zone row. */
  id: z
    .string()
    .trim()
    .regex(ZONE_ID_PATTERN, 'This zone is unknown: reload the page')
    .optional()
    .transform((id) => id ?? null),
  name: optionalText('the zone name', ZONE_NAME_MAX),
  /** Zones are looked up in this order (1 first); blank: where the row stands. */
  position: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, 'Enter the order as a whole number, 1 for the first zone')
    .transform(Number)
    .optional()
    .transform((n) => n ?? null),
  provinces: z
    .array(z.enum(PROVINCES, { errorMap: () => ({ message: 'Tick provinces from the list' }) }))
    .max(PROVINCES.length, 'Tick each province once')
    .optional()
    .transform((list) => [...new Set(list ?? [])]),
  postalRanges: optionalText('the postal ranges', POSTAL_RANGES_TEXT_MAX),
  bands: optionalText('the weight bands', BANDS_TEXT_MAX),
  perExtraKg: randsFromZero('price per extra kilogram').optional(),
  freeFrom: randsAmount('free-delivery threshold')
    .optional()
    .transform((cents) => cents ?? null),
  estimate: optionalText('the delivery estimate', ESTIMATE_MAX),
  remove: checkbox,
})

export type ZoneRow = z.output<typeof zoneRow>

/** A row with nothing typed in it: the new-zone row left empty. */
function isBlank(row: ZoneRow): boolean {
  return (
    row.id === null &&
    !row.name &&
    row.provinces.length === 0 &&
    !row.postalRanges &&
    !row.bands &&
    row.perExtraKg === undefined &&
    row.freeFrom === null &&
    !row.estimate
  )
}

/** A zone row the save keeps: named, banded, priced per extra kg and estimated. */
function checkZone(row: ZoneRow, ctx: z.RefinementCtx, i: number): void {
  const at = (field: keyof ZoneRow, message: string) =>
    ctx.addIssue({ code: 'custom', path: ['zones', i, field], message })
  if (!row.name) at('name', 'Name the zone, e.g. Main centres')
  const ranges = parsePostalRanges(row.postalRanges)
  if ('error' in ranges) at('postalRanges', ranges.error)
  const bands = parseBands(row.bands)
  if ('error' in bands) at('bands', bands.error)
  if (row.perExtraKg === undefined) {
    at('perExtraKg', 'Enter the price per extra kilogram in rands, e.g. 10.00 (0 for none)')
  }
  if (!row.estimate) at('estimate', 'Say how long delivery takes, e.g. 2–4 working days')
}

const collectionFields = z.object({
  name: optionalText('the name', 100),
  phone: optionalText('the phone number', 30),
  hours: optionalText('the opening hours', 200),
  line1: optionalText('the street address', 100),
  line2: optionalText('address line 2', 100),
  suburb: optionalText('the suburb', 60),
  city: optionalText('the city or town', 60),
  province: optionalText('the province', 40),
  postalCode: optionalText('the postal code', 10),
})

export type CollectionFields = z.output<typeof collectionFields>

/** Filled in at all: every field but line 2 must then be; blank throughout: no collection. */
function checkCollection(fields: CollectionFields, ctx: z.RefinementCtx): void {
  const filled = Object.values(fields).some((value) => value !== null)
  if (!filled) return
  const at = (field: keyof CollectionFields, message: string) =>
    ctx.addIssue({ code: 'custom', path: ['collection', field], message })
  if (!fields.name) at('name', 'Name the collection point, e.g. Karoo & Co. warehouse')
  if (!fields.hours) at('hours', 'Give the opening hours, e.g. Mon–Fri 09:00–17:00')
  const phoneResult = phone.safeParse(fields.phone ?? '')
  if (!phoneResult.success) at('phone', phoneResult.error.issues[0]!.message)
  for (const key of ['line1', 'suburb', 'city', 'province', 'postalCode'] as const) {
    const result = addressFields[key].safeParse(fields[key] ?? '')
    if (!result.success) at(key, result.error.issues[0]!.message)
  }
}

export const shippingFormSchema = z
  .object({
    intent: z.literal('save', {
      errorMap: () => ({ message: 'Use the Save button on the page' }),
    }),
    defaultWeightGrams: requiredWeightGrams('default weight'),
    zones: z
      .array(zoneRow)
      .max(ZONE_ROWS_MAX, `The table rates may have at most ${MAX_ZONES} zones`)
      .optional()
      .transform((rows) => rows ?? []),
    collection: collectionFields,
  })
  .superRefine((form, ctx) => {
    let kept = 0
    const ids = new Set<string>()
    form.zones.forEach((row, i) => {
      if (row.id !== null) {
        if (ids.has(row.id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['zones', i, 'name'],
            message: 'This zone appears twice: reload the page',
          })
        }
        ids.add(row.id)
      }
      if (row.remove || isBlank(row)) return
      kept++
      checkZone(row, ctx, i)
    })
    if (kept === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['zones'],
        message: 'Keep at least one zone: every address needs a delivery price',
      })
    } else if (kept > MAX_ZONES) {
      ctx.addIssue({
        code: 'custom',
        path: ['zones'],
        message: `The table rates may have at most ${MAX_ZONES} zones`,
      })
    }
    checkCollection(form.collection, ctx)
  })

export type ShippingFormInput = z.input<typeof shippingFormSchema>
export type ShippingForm = z.output<typeof shippingFormSchema>
export { isBlank as isBlankZoneRow }
