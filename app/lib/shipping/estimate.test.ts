import { describe, expect, it } from 'vitest'

import { defaultShippingSettings } from './default-zones'
import { needsDelivery } from './email-delivery'
import { cartDeliveryEstimate, estimateLabel } from './estimate'

/*
 * The cart page's delivery line: the shipping rules' price for this cart before an address is
 * known (standard delivery to the zone charging least), never the old flat R 99.
 */

const settings = defaultShippingSettings()
const tea = { category: 'tea-coffee', quantity: 1, weightGrams: 500 }
const card = { category: 'gift-cards', quantity: 2, weightGrams: 0 }

describe("the cart's delivery estimate", () => {
  it('is standard delivery to the main centres for the cart’s weight: R 89 up to 2 kg', () => {
    expect(cartDeliveryEstimate(settings, [tea], 120_00)).toEqual({
      kind: 'parcel',
      priceCents: 89_00,
      zoneName: 'Main centres',
      freeFromCents: 1_000_00,
    })
  })

  it('follows the weight bands: 6 kg costs R 139, a variant without a weight counts 1 kg', () => {
    const heavy = [{ category: 'homeware', quantity: 6, weightGrams: null }]
    expect(cartDeliveryEstimate(settings, heavy, 300_00)).toMatchObject({ priceCents: 139_00 })
  })

  it('is free from the zone’s threshold (R 1 000 to the main centres)', () => {
    expect(cartDeliveryEstimate(settings, [tea], 1_000_00)).toMatchObject({ priceCents: 0 })
    expect(cartDeliveryEstimate(settings, [tea], 999_99)).toMatchObject({ priceCents: 89_00 })
  })

  it('follows the zones staff set, not a fixed price', () => {
    const zones = settings.zones.map((zone) => ({
      ...zone,
      bands: zone.bands.map((band) => ({ ...band, priceCents: band.priceCents + 50_00 })),
    }))
    expect(cartDeliveryEstimate({ ...settings, zones }, [tea], 120_00)).toMatchObject({
      priceCents: 139_00,
    })
  })

  it('is nothing for gift cards only: the codes are emailed', () => {
    expect(cartDeliveryEstimate(settings, [card], 500_00)).toEqual({ kind: 'email', priceCents: 0 })
    expect(estimateLabel({ kind: 'email', priceCents: 0 }).why).toBe(
      'Gift cards only: the codes are emailed, no delivery to pay',
    )
    // A card beside anything else: the parcel goes as usual (the card weighs nothing).
    expect(cartDeliveryEstimate(settings, [tea, card], 620_00)).toMatchObject({
      kind: 'parcel',
      priceCents: 89_00,
    })
  })

  it('is no line at all for an empty cart', () => {
    expect(cartDeliveryEstimate(settings, [], 0)).toBeNull()
  })

  it('tells which carts need delivery: any line that is not a gift card', () => {
    expect(needsDelivery([card])).toBe(false)
    expect(needsDelivery([card, tea])).toBe(true)
    expect(needsDelivery([{}])).toBe(true)
  })
})
