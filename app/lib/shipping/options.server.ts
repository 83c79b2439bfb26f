import type { Store } from '~/lib/data/store'
import type { Address, Cents } from '~/lib/data/types'
import { logger } from '~/lib/log.server'

import { bobgo, type BobgoClient, type BobgoItem } from './bobgo.server'
import { pickupPointsNear } from './pickup-points.server'
import { standardOption, STANDARD_METHOD_ID, type WeighedLine } from './rates'
import type { PickupPoint, ShippingOption, ShippingSettings } from './types'

/*
 * The delivery methods checkout offers for a cart and an address (docs/contracts.md "Shipping"):
 * table-rate delivery (always), collect in store (when staff set a collection point), pickup points
 * near the address (priced by the table for the point's own address), and Bob Go's courier rates
 * (when configured). Cheapest first: the first is the one checkout preselects. A pickup or Bob Go
 * failure costs the shopper those methods and nothing else: never an error at checkout.
 */

export const COLLECT_METHOD_ID = 'collect'
export const COLLECT_METHOD_NAME = 'Collect in store'
export const COLLECT_ESTIMATE = 'Ready within 1 working day'
/**
 * At most this many pickup points are offered, nearest first as the finder lists them, and only
 * those in the address's province: a point a province away is no pickup near the shopper.
 */
export const MAX_PICKUP_OPTIONS = 5

/** A cart line as delivery sees it: what it is, what it costs, what it weighs and measures. */
export type ShippingLine = WeighedLine & {
  name: string
  unitPriceCents: Cents
  lengthCm?: number | null
  widthCm?: number | null
  heightCm?: number | null
}

/** Where pickup points and courier rates come from; tests hand in fakes. */
export type ShippingOptionsDeps = {
  /** Pickup points near the address, nearest first; may throw (the points are then left out). */
  pickupPointsNear: (address: Address) => Promise<readonly PickupPoint[]>
  /** Bob Go's client; null when Bob Go is not configured. */
  bobgo: Pick<BobgoClient, 'ratesAtCheckout'> | null
  /** Where a failure is noted (one line); default the logger, as a warning. */
  log?: (line: string) => void
}

export type ShippingOptionsInput = {
  store: Pick<Store, 'shipping'>
  lines: readonly ShippingLine[]
  subtotalCents: Cents
  address: Address
}

/** Ties go to delivery to the door, then a courier, a pickup point, collecting. */
const KIND_ORDER: Record<ShippingOption['kind'], number> = {
  standard: 0,
  bobgo: 1,
  pickup: 2,
  collect: 3,
  // Never beside the others: a cart of gift cards only has this one method.
  email: 4,
}

/** Cheapest first; equal prices by kind (delivery first), then by name. */
export function cheapestFirst(options: readonly ShippingOption[]): ShippingOption[] {
  return [...options].sort(
    (a, b) =>
      a.priceCents - b.priceCents ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.name.localeCompare(b.name),
  )
}

/** Collecting in store from the shop's collection point: free; none when staff set no point. */
export function collectOption(settings: Pick<ShippingSettings, 'collection'>): ShippingOption[] {
  if (!settings.collection) return []
  return [
    {
      id: COLLECT_METHOD_ID,
      kind: 'collect',
      name: COLLECT_METHOD_NAME,
      priceCents: 0,
      estimate: COLLECT_ESTIMATE,
      collection: settings.collection,
    },
  ]
}

/** A pickup point as a method: priced and estimated by the table for the point's own address. */
export function pickupOption(
  settings: Pick<ShippingSettings, 'zones' | 'defaultWeightGrams'>,
  point: PickupPoint,
  lines: readonly WeighedLine[],
  subtotalCents: Cents,
): ShippingOption {
  const table = standardOption(settings, point, lines, subtotalCents)
  return {
    id: `pickup:${point.id}`,
    kind: 'pickup',
    name: point.name,
    priceCents: table.priceCents,
    estimate: table.estimate,
    pickupPoint: point,
  }
}

/** Bob Go's items: each line with its weight (the shop's default when unknown) and size. */
function bobgoItems(lines: readonly ShippingLine[], defaultWeightGrams: number): BobgoItem[] {
  return lines.map((line) => ({
    description: line.name,
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    weightGrams: line.weightGrams ?? defaultWeightGrams,
    lengthCm: line.lengthCm ?? null,
    widthCm: line.widthCm ?? null,
    heightCm: line.heightCm ?? null,
  }))
}

async function pickupOptions(
  input: ShippingOptionsInput,
  settings: ShippingSettings,
  deps: ShippingOptionsDeps,
  log: (line: string) => void,
): Promise<ShippingOption[]> {
  try {
    const points = await deps.pickupPointsNear(input.address)
    const seen = new Set<string>()
    return points
      .filter((point) => point.province === input.address.province)
      .filter((point) => !seen.has(point.id) && seen.add(point.id))
      .slice(0, MAX_PICKUP_OPTIONS)
      .map((point) => pickupOption(settings, point, input.lines, input.subtotalCents))
  } catch (error) {
    log(`Pickup points: none offered (${error instanceof Error ? error.message : 'error'})`)
    return []
  }
}

async function courierOptions(
  input: ShippingOptionsInput,
  settings: ShippingSettings,
  deps: ShippingOptionsDeps,
  log: (line: string) => void,
): Promise<ShippingOption[]> {
  // The courier collects where the shop hands parcels over: without that point, nothing to rate.
  if (!deps.bobgo || !settings.collection) return []
  try {
    const rates = await deps.bobgo.ratesAtCheckout({
      collection: settings.collection,
      delivery: input.address,
      items: bobgoItems(input.lines, settings.defaultWeightGrams),
      declaredValueCents: input.subtotalCents,
    })
    return rates.filter((rate) => rate.kind === 'bobgo' && rate.id.startsWith('bobgo:'))
  } catch (error) {
    // The client promises never to throw; should it, checkout still offers the rest.
    log(`Bob Go rates: none offered (${error instanceof Error ? error.message : 'error'})`)
    return []
  }
}

/**
 * The methods that deliver `lines` to `address`, cheapest first (the first is checkout's default):
 * `standard` always, `collect` when a collection point is set, `pickup:{id}` for the pickup points
 * near the address, `bobgo:{service_code}` for Bob Go's rates when it is configured.
 */
export async function shippingOptions(
  input: ShippingOptionsInput,
  deps: ShippingOptionsDeps = defaultShippingDeps(),
): Promise<ShippingOption[]> {
  const log = deps.log ?? ((line: string) => logger.warn(line))
  const settings = await input.store.shipping.get()
  const [pickups, couriers] = await Promise.all([
    pickupOptions(input, settings, deps, log),
    courierOptions(input, settings, deps, log),
  ])
  return cheapestFirst([
    standardOption(settings, input.address, input.lines, input.subtotalCents),
    ...collectOption(settings),
    ...pickups,
    ...couriers,
  ])
}

export type ShippingChoice =
  | { ok: true; option: ShippingOption }
  /** The posted method is not one of the methods for this cart and address. */
  | { ok: false; posted: string }

/**
 * The method the shopper chose among `options` (as quoted for the posted address): the posted id,
 * or, when none was posted (a form from before methods existed, or a script), `standard`; for a
 * cart of gift cards only, whose one method is `email`, that one.
 */
export function resolveShippingChoice(
  options: readonly ShippingOption[],
  posted: string | null | undefined,
): ShippingChoice {
  const only = options.length === 1 && options[0]!.kind === 'email' ? options[0]!.id : null
  const id = posted?.trim() || (only ?? STANDARD_METHOD_ID)
  const option = options.find((candidate) => candidate.id === id)
  return option ? { ok: true, option } : { ok: false, posted: id }
}

/**
 * The process's sources: Bob Go from the environment (null when BOBGO_API_KEY is unset) and the
 * pickup points (the embedded demo list, or Pargo when PARGO_* is set).
 */
export function defaultShippingDeps(): ShippingOptionsDeps {
  return { pickupPointsNear, bobgo: bobgo() }
}
