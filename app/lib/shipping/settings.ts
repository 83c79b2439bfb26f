import { z } from 'zod'

import { PROVINCES } from '~/lib/data/types'
import { MAX_WEIGHT_GRAMS } from '~/lib/data/variants'

import type { ShippingSettings } from './types'

/**
 * What makes shipping settings whole (docs/contracts.md "Shipping"), checked by both stores before
 * a save: at least one zone, each with ascending weight bands in whole grams and cents, postal
 * ranges of four-digit codes, and a default weight. Pure; the back-office form has its own schema
 * for what staff type (app/lib/admin/shipping-schema.ts) and ends in these values.
 */

export const MAX_ZONES = 10
export const MAX_BANDS = 10
export const MAX_POSTAL_RANGES = 60
export const ZONE_NAME_MAX = 60
export const ESTIMATE_MAX = 60
/** Dearest band or per-kg price, and highest threshold: R 1 000 000. */
export const MAX_SHIPPING_CENTS = 100_000_000

/** What a save hands the store; it stamps when and who. */
export type ShippingSettingsInput = Omit<ShippingSettings, 'updatedAt' | 'updatedBy'>

const cents = z.number().int().min(0).max(MAX_SHIPPING_CENTS)
const postalCode = z.string().regex(/^\d{4}$/, 'a postal code is four digits')
const text = (max: number) => z.string().trim().min(1).max(max)

const zone = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'a zone id is a slug'),
  name: text(ZONE_NAME_MAX),
  position: z.number().int().min(0),
  provinces: z
    .array(z.enum(PROVINCES))
    .max(PROVINCES.length)
    .refine((list) => new Set(list).size === list.length, 'a province is listed twice'),
  postalRanges: z
    .array(
      z
        .object({ from: postalCode, to: postalCode })
        .refine((r) => r.from <= r.to, 'a postal range runs from the lower code to the higher'),
    )
    .max(MAX_POSTAL_RANGES),
  bands: z
    .array(
      z.object({ upToGrams: z.number().int().min(1).max(MAX_WEIGHT_GRAMS), priceCents: cents }),
    )
    .min(1, 'a zone needs at least one weight band')
    .max(MAX_BANDS)
    .refine(
      (bands) => bands.every((band, i) => i === 0 || bands[i - 1]!.upToGrams < band.upToGrams),
      'weight bands go from light to heavy, each heavier than the one before',
    ),
  perExtraKgCents: cents,
  freeFromCents: z.number().int().min(1).max(MAX_SHIPPING_CENTS).nullable(),
  estimate: text(ESTIMATE_MAX),
})

const collection = z.object({
  name: text(100),
  phone: text(30),
  hours: text(200),
  line1: text(100),
  line2: z.string().trim().max(100).nullable(),
  suburb: text(60),
  city: text(60),
  province: z.enum(PROVINCES),
  postalCode,
})

export const shippingSettingsSchema = z.object({
  zones: z
    .array(zone)
    .min(1, 'the table rates need at least one zone')
    .max(MAX_ZONES)
    .refine(
      (zones) => new Set(zones.map((z) => z.id)).size === zones.length,
      'two zones have the same id',
    )
    .refine(
      (zones) => new Set(zones.map((z) => z.position)).size === zones.length,
      'two zones have the same position',
    ),
  defaultWeightGrams: z.number().int().min(1).max(MAX_WEIGHT_GRAMS),
  collection: collection.nullable(),
})

export class InvalidShippingSettingsError extends RangeError {
  name = 'InvalidShippingSettingsError'
}

/**
 * The settings as a store keeps them (zones in position order, unknown keys dropped), or
 * InvalidShippingSettingsError naming what is wrong and where.
 */
export function checkShippingSettings(input: ShippingSettingsInput): ShippingSettingsInput {
  const parsed = shippingSettingsSchema.safeParse(input)
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`,
    )
    throw new InvalidShippingSettingsError(`Shipping settings not saved: ${problems.join('; ')}`)
  }
  const settings = parsed.data
  return { ...settings, zones: [...settings.zones].sort((a, b) => a.position - b.position) }
}
