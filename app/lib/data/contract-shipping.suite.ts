import { describe, expect, it } from 'vitest'

import { defaultShippingSettings } from '~/lib/shipping/default-zones'
import { InvalidShippingSettingsError, type ShippingSettingsInput } from '~/lib/shipping/settings'
import type { ShippingZone } from '~/lib/shipping/types'

import { manualClock, product, shirt, storePerTest, type ContractHarness } from './contract.suite'
import type { ProductEdit, Store } from './store'
import type { Product } from './types'

const T0 = '2025-03-01T10:00:00.000Z'
const T1 = '2025-03-02T08:30:00.000Z'
const STAFF = 'nomsa@shop.example.co.za'

const zone = (id: string, position: number, more: Partial<ShippingZone> = {}): ShippingZone => ({
  id,
  name: `Zone ${id}`,
  position,
  provinces: [],
  postalRanges: [],
  bands: [
    { upToGrams: 2000, priceCents: 7_500 },
    { upToGrams: 10_000, priceCents: 15_000 },
  ],
  perExtraKgCents: 1_200,
  freeFromCents: null,
  estimate: '2–3 working days',
  ...more,
})

const settings = (more: Partial<ShippingSettingsInput> = {}): ShippingSettingsInput => ({
  zones: [
    zone('metro', 0, {
      postalRanges: [
        { from: '7441', to: '8099' },
        { from: '2000', to: '2199' },
      ],
      freeFromCents: 80_000,
    }),
    zone('country', 1, { provinces: ['Northern Cape', 'Limpopo'] }),
  ],
  defaultWeightGrams: 750,
  collection: {
    name: 'Karoo Goods warehouse',
    phone: '021 555 0100',
    hours: 'Mon–Fri 09:00–17:00',
    line1: '12 Bree Street',
    line2: null,
    suburb: 'Cape Town City Centre',
    city: 'Cape Town',
    province: 'Western Cape',
    postalCode: '8001',
  },
  ...more,
})

/** What the back-office form holds for a product (weights and sizes as stored). */
function editOf(p: Product): ProductEdit {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    category: p.category,
    categoryName: p.categoryName,
    tags: [...p.tags],
    options: p.options.map((option) => ({ name: option.name, values: [...option.values] })),
    active: p.active,
    variants: p.variants.map((v) => ({
      id: v.id,
      optionValues: [...v.optionValues],
      priceCents: v.priceCents,
      compareAtCents: v.compareAtCents,
      onHand: v.stock,
    })),
  }
}

/**
 * Shipping (docs/contracts.md "Shipping"): the table rates' settings as one record saved whole, and
 * every variant's weight and size kept through the product writes. Runs with the same harness as
 * contract.suite.ts.
 */
export function describeShippingContract(name: string, harness: ContractHarness): void {
  describe(`shipping contract: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      return store
    })

    describe('shipping settings', () => {
      it('answers the seeded zones before anything is saved', async () => {
        const seeded = await store.shipping.get()
        expect(seeded).toEqual(defaultShippingSettings())
        expect(seeded.zones.map((z) => z.id)).toEqual(['main-centres', 'regional', 'outlying'])
        expect(seeded).toMatchObject({
          defaultWeightGrams: 1000,
          collection: null,
          updatedAt: null,
          updatedBy: null,
        })
      })

      it('saves the settings whole, stamped with the store clock and the staff member', async () => {
        clock.set(T1)
        const saved = await store.shipping.save(settings(), { by: STAFF })
        expect(saved).toEqual({ ...settings(), updatedAt: T1, updatedBy: STAFF })
        expect(await store.shipping.get()).toEqual(saved)
      })

      it('replaces the zones as a whole list and keeps them in position order', async () => {
        await store.shipping.save(settings(), { by: STAFF })
        const reordered = settings({
          zones: [zone('far', 1), zone('near', 0, { provinces: ['Gauteng'] })],
        })
        const saved = await store.shipping.save(reordered, { by: 'sipho@shop.example.co.za' })
        const stored = await store.shipping.get()
        expect(stored.zones.map((z) => z.id)).toEqual(['near', 'far'])
        expect(stored.zones).toEqual(saved.zones)
        expect(stored.updatedBy).toBe('sipho@shop.example.co.za')
      })

      it('clears the collection point and drops keys the settings do not have', async () => {
        await store.shipping.save(settings(), { by: STAFF })
        const withJunk = { ...settings({ collection: null }), junk: 'x' } as ShippingSettingsInput
        await store.shipping.save(withJunk, { by: STAFF })
        const stored = await store.shipping.get()
        expect(stored.collection).toBeNull()
        expect(stored).not.toHaveProperty('junk')
      })

      it.each([
        ['no zones', settings({ zones: [] })],
        [
          'bands that do not grow heavier',
          settings({
            zones: [
              zone('a', 0, {
                bands: [
                  { upToGrams: 5000, priceCents: 9_900 },
                  { upToGrams: 2000, priceCents: 8_900 },
                ],
              }),
            ],
          }),
        ],
        [
          'a postal code that is not four digits',
          settings({ zones: [zone('a', 0, { postalRanges: [{ from: '800', to: '8099' }] })] }),
        ],
        ['a fractional price', settings({ zones: [zone('a', 0, { perExtraKgCents: 10.5 })] })],
        ['two zones with one id', settings({ zones: [zone('a', 0), zone('a', 1)] })],
        ['a default weight of nothing', settings({ defaultWeightGrams: 0 })],
      ])('refuses %s and keeps what was saved', async (_, bad) => {
        const before = await store.shipping.save(settings(), { by: STAFF })
        await expect(store.shipping.save(bad, { by: STAFF })).rejects.toThrow(
          InvalidShippingSettingsError,
        )
        expect(await store.shipping.get()).toEqual(before)
      })
    })

    describe('variant weights and sizes', () => {
      it('keeps each variant weight and size through upsert and every read', async () => {
        const tea = product('rooibos', {
          variants: [
            {
              id: 'rooibos',
              optionValues: [],
              priceCents: 0,
              compareAtCents: null,
              stock: 0,
              image: null,
              weightGrams: 250,
              lengthCm: 12,
              widthCm: 8,
              heightCm: 5,
            },
          ],
        })
        const tee = shirt('tee')
        tee.variants[0] = { ...tee.variants[0]!, weightGrams: 180, lengthCm: 30 }
        await store.products.upsertMany([tea, tee])
        const rooibos = await store.products.get('rooibos')
        expect(rooibos?.variants).toEqual([
          {
            id: 'rooibos',
            optionValues: [],
            priceCents: 12_900,
            compareAtCents: null,
            stock: 10,
            image: null,
            weightGrams: 250,
            lengthCm: 12,
            widthCm: 8,
            heightCm: 5,
          },
        ])
        const stored = await store.products.get('tee')
        expect(stored).toEqual(tee)
        expect(stored?.variants[0]).toMatchObject({ weightGrams: 180, lengthCm: 30 })
        // Unknown: null weight, and no size keys at all.
        expect(stored?.variants[1]?.weightGrams).toBeNull()
        expect(stored?.variants[1]).not.toHaveProperty('lengthCm')
        expect(await store.products.getMany(['tee', 'rooibos'])).toEqual([tee, rooibos])
        expect(await store.products.all()).toEqual([rooibos, tee])
      })

      it('sets, keeps and clears weights and sizes through a back-office save, and logs them', async () => {
        await store.products.upsertMany([shirt('tee')])
        const [small, other] = (await store.products.get('tee'))!.variants.map((v) => v.id)
        const edit = editOf((await store.products.get('tee'))!)
        clock.set(T1)
        const weighed = await store.products.save(
          {
            ...edit,
            variants: edit.variants.map((v) =>
              v.id === small
                ? { ...v, weightGrams: 200, lengthCm: 30, widthCm: 20, heightCm: 2 }
                : v,
            ),
          },
          { by: STAFF },
        )
        expect(weighed.variants.find((v) => v.id === small)).toMatchObject({
          weightGrams: 200,
          lengthCm: 30,
          widthCm: 20,
          heightCm: 2,
        })
        expect(weighed.variants.find((v) => v.id === other)?.weightGrams).toBeNull()
        expect((await store.products.changeLog('tee')).at(-1)?.change).toBe(
          'weight of Size: S, Colour: Black none -> 200 g; size of Size: S, Colour: Black ? x ? x ? cm -> 30 x 20 x 2 cm',
        )

        // An edit that leaves them out keeps them; null clears them.
        const kept = await store.products.save(editOf(weighed), { by: STAFF })
        expect(kept.variants.find((v) => v.id === small)?.weightGrams).toBe(200)
        const cleared = await store.products.save(
          {
            ...editOf(weighed),
            variants: editOf(weighed).variants.map((v) =>
              v.id === small ? { ...v, weightGrams: null, lengthCm: null } : v,
            ),
          },
          { by: STAFF },
        )
        const variant = cleared.variants.find((v) => v.id === small)
        expect(variant?.weightGrams).toBeNull()
        expect(variant).not.toHaveProperty('lengthCm')
        expect(variant).toMatchObject({ widthCm: 20, heightCm: 2 })
        expect(await store.products.get('tee')).toEqual(cleared)
      })

      it('refuses a fractional weight and a size of nothing', async () => {
        await store.products.upsertMany([product('rooibos')])
        const edit = editOf((await store.products.get('rooibos'))!)
        const variant = edit.variants[0]!
        await expect(
          store.products.save(
            { ...edit, variants: [{ ...variant, weightGrams: 2.5 }] },
            {
              by: STAFF,
            },
          ),
        ).rejects.toThrow(RangeError)
        await expect(
          store.products.save(
            { ...edit, variants: [{ ...variant, heightCm: 0 }] },
            {
              by: STAFF,
            },
          ),
        ).rejects.toThrow(RangeError)
        expect((await store.products.get('rooibos'))?.variants[0]?.weightGrams).toBeNull()
      })
    })
  })
}
