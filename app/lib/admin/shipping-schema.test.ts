import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'

import { defaultShippingSettings } from '~/lib/shipping/default-zones'
import { weightGramsInText } from '~/lib/shipping/fields'

import { shippingFormValues, toShippingSettings, type ShippingFormValues } from './shipping-form'
import {
  formatBands,
  formatPostalRanges,
  parseBands,
  parsePostalRanges,
  shippingFormSchema,
} from './shipping-schema'

function formData(values: ShippingFormValues): FormData {
  const data = new FormData()
  data.append('intent', values.intent)
  data.append('defaultWeightGrams', values.defaultWeightGrams)
  values.zones.forEach((zone, i) => {
    for (const [key, value] of Object.entries(zone)) {
      for (const one of Array.isArray(value) ? value : [value])
        data.append(`zones[${i}].${key}`, one)
    }
  })
  for (const [key, value] of Object.entries(values.collection))
    data.append(`collection.${key}`, value)
  return data
}

describe('postal ranges as staff write them', () => {
  it('reads codes and ranges separated by commas, semicolons or lines, dashes of any kind', () => {
    expect(parsePostalRanges('7441-8099, 8000;0001 – 0199\n 2196 ')).toEqual({
      ranges: [
        { from: '7441', to: '8099' },
        { from: '8000', to: '8000' },
        { from: '0001', to: '0199' },
        { from: '2196', to: '2196' },
      ],
    })
    expect(parsePostalRanges('')).toEqual({ ranges: [] })
    expect(
      formatPostalRanges([
        { from: '7441', to: '8099' },
        { from: '8000', to: '8000' },
      ]),
    ).toBe('7441-8099, 8000')
  })

  it('names what is not a code or runs backwards', () => {
    expect(parsePostalRanges('8000, Cape Town')).toEqual({
      error:
        '"Cape Town" is not a postal code. Write postal codes as 4 digits or ranges like 7441-8099, separated by commas',
    })
    expect(parsePostalRanges('8099-7441')).toEqual({
      error: '8099-7441 runs backwards: write the lower code first',
    })
  })
})

describe('weight bands as staff write them', () => {
  it('reads grams or kilograms = rands, a line each, lightest first', () => {
    expect(parseBands('5 kg = R 99,00\n2000 = 89\n\n1 200 g = 79.50\n2,5kg = 95')).toEqual({
      bands: [
        { upToGrams: 1200, priceCents: 7_950 },
        { upToGrams: 2000, priceCents: 8_900 },
        { upToGrams: 2500, priceCents: 9_500 },
        { upToGrams: 5000, priceCents: 9_900 },
      ],
    })
    expect(parseBands('1000 = 0')).toEqual({ bands: [{ upToGrams: 1000, priceCents: 0 }] })
    expect(formatBands([{ upToGrams: 2000, priceCents: 8_950 }])).toBe('2000 = 89.50')
  })

  it('names the line that is not a band', () => {
    expect(parseBands('2000 = 89\n2.5 = 99')).toEqual({
      error:
        'Line 2 ("2.5 = 99"): Write each band on its own line as grams = rands, e.g. 2000 = 89.00',
    })
    expect(parseBands('2000 = 89 = 90')).toMatchObject({ error: expect.stringMatching(/^Line 1/) })
    expect(parseBands('0 = 50')).toEqual({
      error: 'Line 1 ("0 = 50"): a band holds parcels up to more than 0 g',
    })
    expect(parseBands('2000 = -5')).toEqual({
      error: 'Line 1 ("2000 = -5"): write the price in rands, e.g. 89.00',
    })
    expect(parseBands(' \n ')).toMatchObject({ error: expect.stringMatching(/at least one/) })
    expect(parseBands(Array.from({ length: 11 }, (_, i) => `${i + 1}000 = 1`).join('\n'))).toEqual({
      error: 'A zone may have at most 10 weight bands',
    })
  })

  it('reads a weight in grams or kilograms, never a fraction of a gram', () => {
    expect(weightGramsInText('2000')).toBe(2000)
    expect(weightGramsInText('2000 g')).toBe(2000)
    expect(weightGramsInText('1 200')).toBe(1200)
    expect(weightGramsInText('2 kg')).toBe(2000)
    expect(weightGramsInText('0.25KG')).toBe(250)
    expect(weightGramsInText('2.5')).toBeNull()
    expect(weightGramsInText('2.5 g')).toBeNull()
    expect(weightGramsInText('a lot')).toBeNull()
  })
})

describe('the shipping form and the settings', () => {
  it('saves the seeded settings unchanged when the form they open is posted as it is', () => {
    const seeded = defaultShippingSettings()
    const submission = parseWithZod(formData(shippingFormValues(seeded)), {
      schema: shippingFormSchema,
    })
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    const { updatedAt: _at, updatedBy: _by, ...input } = seeded
    expect(toShippingSettings(submission.value)).toEqual(input)
  })
})
