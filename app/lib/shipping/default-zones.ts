import { PROVINCES } from '~/lib/data/types'

import type { ShippingSettings, ShippingZone } from './types'

/**
 * The table rates a new shop starts with (docs/contracts.md "Shipping"): three zones, prices
 * including VAT around the old flat R 99, staff change them at /admin/shipping.
 *
 * South African postal codes are four digits allotted by region (SAPO, 1973), so a metro is a few
 * ranges of codes; boundaries do not follow provinces exactly, which is why a postal range decides
 * before the province does. The metros' ranges:
 *
 * Gauteng
 *   0001–0199  Pretoria / City of Tshwane (Pretoria 0001/0002, Centurion 0157, Mamelodi 0122,
 *              Soshanguve 0152, Akasia 0182). 0200–0299 is left out: Brits and Hartbeespoort
 *              (North West) share it.
 *   1400–1699  East Rand / Ekurhuleni (Germiston 1401, Alberton 1449, Boksburg 1459, Benoni 1501,
 *              Brakpan 1540, Springs 1559, Edenvale 1609, Kempton Park 1619, Tembisa 1632), and
 *              Midrand 1682–1687 (Johannesburg).
 *   1700–1735  Roodepoort (Johannesburg); 1739 onwards is Mogale City / Krugersdorp (West Rand).
 *   1800–1899  Soweto and Lenasia (Johannesburg); 1900–1999 is Vereeniging/Vanderbijlpark (Sedibeng).
 *   2000–2199  Johannesburg, Randburg and Sandton (CBD 2001, Sandton 2196, Randburg 2194).
 * Western Cape: City of Cape Town
 *   7100–7199  Eerste River 7100, Somerset West 7130, Strand 7140, Gordon's Bay 7150
 *   7349       Atlantis
 *   7400–7599  Milnerton and Table View 7441, Goodwood 7460, Parow 7500, Bellville 7530,
 *              Durbanville 7550, Brackenfell 7560, Kraaifontein 7570, Kuils River 7580
 *   7700–8099  southern suburbs, Cape Flats and peninsula (Rondebosch 7700, Claremont 7708,
 *              Mitchells Plain 7785, Wynberg 7800, Muizenberg 7945, Fish Hoek 7975), the city
 *              bowl and Atlantic seaboard (Cape Town 8000/8001, Sea Point 8005)
 *   (7600–7699, Stellenbosch, Paarl and Franschhoek, is the Cape Winelands: regional.)
 * KwaZulu-Natal: eThekwini (Durban)
 *   3600–3699  Outer West: Pinetown 3610, Westville 3629, Kloof 3640, Hillcrest 3650
 *   4000–4179  Durban 4001, Durban North 4051, Umlazi 4066, Chatsworth 4092, Amanzimtoti 4126,
 *              Umkomaas 4170 (Scottburgh 4180 onwards is the South Coast: regional)
 *   4300–4400  North: Mount Edgecombe 4300, Umhlanga 4319, Verulam 4340, KwaMashu 4360,
 *              Tongaat 4400 (Ballito 4420 onwards is the North Coast: regional)
 *
 * Outlying: the Northern Cape by province, and the remote ranges
 *   6900–6999  Central Karoo (Laingsburg 6900, Prince Albert 6930, Beaufort West 6970)
 *   7000–7099  Upper Karoo (De Aar 7000, Carnarvon 7060, Victoria West 7070)
 *   8200–8999  Namaqualand, Kimberley, Kuruman and the Kalahari (Springbok 8240, Port Nolloth 8280,
 *              Kimberley 8301, Kuruman 8460, Upington 8801)
 *
 * Regional: everything else, by province: the rest of Gauteng, the Western Cape and KwaZulu-Natal,
 * and the Eastern Cape, Free State, Limpopo (Polokwane 0699), Mpumalanga and North West.
 */

const kg = (n: number) => n * 1000
const rands = (n: number) => n * 100

/** The weight bands every seeded zone uses: up to 2, 5, 10 and 20 kg. */
const bands = (prices: [number, number, number, number]) =>
  [2, 5, 10, 20].map((upTo, i) => ({ upToGrams: kg(upTo), priceCents: rands(prices[i]!) }))

const range = (from: string, to = from) => ({ from, to })

export const DEFAULT_ZONES: readonly ShippingZone[] = [
  {
    id: 'main-centres',
    name: 'Main centres',
    position: 0,
    provinces: [],
    postalRanges: [
      range('0001', '0199'),
      range('1400', '1699'),
      range('1700', '1735'),
      range('1800', '1899'),
      range('2000', '2199'),
      range('7100', '7199'),
      range('7349'),
      range('7400', '7599'),
      range('7700', '8099'),
      range('3600', '3699'),
      range('4000', '4179'),
      range('4300', '4400'),
    ],
    bands: bands([89, 99, 139, 199]),
    perExtraKgCents: rands(10),
    freeFromCents: rands(1_000),
    estimate: '1–3 working days',
  },
  {
    id: 'regional',
    name: 'Regional',
    position: 1,
    // Every province but the Northern Cape, which is outlying.
    provinces: PROVINCES.filter((province) => province !== 'Northern Cape'),
    postalRanges: [],
    bands: bands([119, 139, 189, 269]),
    perExtraKgCents: rands(14),
    freeFromCents: rands(1_500),
    estimate: '2–5 working days',
  },
  {
    id: 'outlying',
    name: 'Outlying areas',
    position: 2,
    provinces: ['Northern Cape'],
    postalRanges: [range('6900', '6999'), range('7000', '7099'), range('8200', '8999')],
    bands: bands([169, 199, 259, 359]),
    perExtraKgCents: rands(20),
    freeFromCents: null,
    estimate: '4–7 working days',
  },
]

/** A variant without a weight weighs this much (1 kg). */
export const DEFAULT_WEIGHT_GRAMS = 1000

/**
 * What the store answers before staff ever saved shipping settings: the seeded zones, a 1 kg
 * default weight and no collection point. A fresh copy each call, safe to change.
 */
export function defaultShippingSettings(): ShippingSettings {
  return {
    zones: structuredClone([...DEFAULT_ZONES]),
    defaultWeightGrams: DEFAULT_WEIGHT_GRAMS,
    collection: null,
    updatedAt: null,
    updatedBy: null,
  }
}
