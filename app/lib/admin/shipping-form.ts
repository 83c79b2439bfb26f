import { PROVINCES } from '~/lib/data/types'
import { slugify } from '~/lib/data/variants'
import { centsToRandsString } from '~/lib/money'
import type { ShippingSettingsInput } from '~/lib/shipping/settings'
import type { CollectionPoint, ShippingSettings, ShippingZone } from '~/lib/shipping/types'

import {
  formatBands,
  formatPostalRanges,
  isBlankZoneRow,
  parseBands,
  parsePostalRanges,
  type CollectionFields,
  type ShippingForm,
} from './shipping-schema'

/**
 * Between the shipping settings and the /admin/shipping form: what the form opens with (text, as
 * staff type it, and one empty row for a new zone), and the settings a checked form saves.
 */

/** A zone as the form's text fields hold it. */
export type ZoneFormValues = {
  id: string
  name: string
  position: string
  provinces: string[]
  postalRanges: string
  bands: string
  perExtraKg: string
  freeFrom: string
  estimate: string
  /** Ticked ("on") to remove the zone; never ticked when the form opens. */
  remove?: 'on'
}

export type ShippingFormValues = {
  intent: 'save'
  defaultWeightGrams: string
  zones: ZoneFormValues[]
  collection: Record<keyof CollectionFields, string>
}

const NEW_ZONE: ZoneFormValues = {
  id: '',
  name: '',
  position: '',
  provinces: [],
  postalRanges: '',
  bands: '',
  perExtraKg: '',
  freeFrom: '',
  estimate: '',
}

function zoneValues(zone: ShippingZone, i: number): ZoneFormValues {
  return {
    id: zone.id,
    name: zone.name,
    position: String(i + 1),
    provinces: [...zone.provinces],
    postalRanges: formatPostalRanges(zone.postalRanges),
    bands: formatBands(zone.bands),
    perExtraKg: centsToRandsString(zone.perExtraKgCents),
    freeFrom: zone.freeFromCents === null ? '' : centsToRandsString(zone.freeFromCents),
    estimate: zone.estimate,
  }
}

/** The form as it opens: the settings' zones in their order, then an empty row for a new zone. */
export function shippingFormValues(settings: ShippingSettings): ShippingFormValues {
  const zones = [...settings.zones].sort((a, b) => a.position - b.position)
  const point = settings.collection
  return {
    intent: 'save',
    defaultWeightGrams: String(settings.defaultWeightGrams),
    zones: [...zones.map(zoneValues), { ...NEW_ZONE }],
    collection: {
      name: point?.name ?? '',
      phone: point?.phone ?? '',
      hours: point?.hours ?? '',
      line1: point?.line1 ?? '',
      line2: point?.line2 ?? '',
      suburb: point?.suburb ?? '',
      city: point?.city ?? '',
      province: point?.province ?? '',
      postalCode: point?.postalCode ?? '',
    },
  }
}

/** A new zone's id: the slug of its name, numbered when taken. */
function newZoneId(name: string, taken: Set<string>): string {
  const base = slugify(name).slice(0, 30).replace(/-+$/, '') || 'zone'
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`
    if (!taken.has(id)) return id
  }
}

/**
 * The settings a checked form saves: the rows kept (not removed, not left empty) in their order
 * (the order typed, then where the row stands), numbered from 0; a new zone's id from its name;
 * the collection point when its fields are filled in.
 */
export function toShippingSettings(form: ShippingForm): ShippingSettingsInput {
  const rows = form.zones
    .map((row, i) => ({ row, i }))
    .filter(({ row }) => !row.remove && !isBlankZoneRow(row))
    .sort((a, b) => (a.row.position ?? a.i + 1) - (b.row.position ?? b.i + 1) || a.i - b.i)
  const taken = new Set(rows.flatMap(({ row }) => (row.id ? [row.id] : [])))
  const zones = rows.map(({ row }, position): ShippingZone => {
    const ranges = parsePostalRanges(row.postalRanges)
    const bands = parseBands(row.bands)
    // The schema refused the form when these did not read.
    if ('error' in ranges || 'error' in bands || row.perExtraKg === undefined) {
      throw new RangeError(`Zone ${row.name ?? position} was not checked`)
    }
    const id = row.id ?? newZoneId(row.name ?? '', taken)
    taken.add(id)
    return {
      id,
      name: row.name ?? '',
      position,
      provinces: row.provinces,
      postalRanges: ranges.ranges,
      bands: bands.bands,
      perExtraKgCents: row.perExtraKg,
      freeFromCents: row.freeFrom,
      estimate: row.estimate ?? '',
    }
  })
  return {
    zones,
    defaultWeightGrams: form.defaultWeightGrams,
    collection: collectionOf(form.collection),
  }
}

function collectionOf(fields: CollectionFields): CollectionPoint | null {
  const { name, phone, hours, line1, line2, suburb, city, postalCode } = fields
  const province = PROVINCES.find((p) => p === fields.province)
  if (!name || !phone || !hours || !line1 || !suburb || !city || !province || !postalCode) {
    return null
  }
  return {
    name,
    phone: phone.replace(/\s+/g, ' '),
    hours,
    line1,
    line2,
    suburb,
    city,
    province,
    postalCode,
  }
}
