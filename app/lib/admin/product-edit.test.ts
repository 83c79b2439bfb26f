import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'

import { makeProduct } from '~/lib/catalog/products.test-helper'
import { shirt } from '~/lib/data/contract.suite'

import { combinations, newProductId, toProductEdit } from './product-edit'
import { productFormSchema, type ProductSaveForm } from './product-schema'

const categories = [
  { slug: 'pantry', name: 'Pantry' },
  { slug: 'apparel', name: 'Apparel' },
]

const basics = {
  intent: 'save',
  name: 'Rooibos Tea',
  description: 'Loose-leaf rooibos from the Cederberg.',
  category: 'pantry',
  price: '1299.00',
  stock: '12',
  active: 'on',
}

/** A variant the form gave no weight or size: unknown (null), not "as stored". */
const NO_PARCEL = { weightGrams: null, lengthCm: null, widthCm: null, heightCm: null }

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

/** The form as the action reads it: conform's parse, then the save's value or its errors. */
function parse(fields: Record<string, string>) {
  const submission = parseWithZod(form(fields), { schema: productFormSchema })
  if (submission.status !== 'success') return { value: null, errors: submission.error ?? {} }
  return { value: submission.value as ProductSaveForm, errors: null }
}

function saved(fields: Record<string, string>) {
  const { value, errors } = parse(fields)
  expect(errors).toBeNull()
  return value!
}

describe('the product form', () => {
  it('saves a description with the line breaks a textarea posts (CRLF) as LF, as the store keeps it', () => {
    const { edit } = toProductEdit(
      saved({
        ...basics,
        description: 'Loose-leaf rooibos.\r\n\r\nFrom the Cederberg.\rBrew 5 min.',
      }),
      { id: 'rooibos-tea', existing: null, held: {}, categories },
    )
    expect(edit?.description).toBe('Loose-leaf rooibos.\n\nFrom the Cederberg.\nBrew 5 min.')
  })

  it('takes a product without options from the docs/contracts.md fields alone: its one variant', () => {
    const { edit, errors } = toProductEdit(saved({ ...basics, price: '1 299,00' }), {
      id: 'rooibos-tea',
      existing: null,
      held: {},
      categories,
    })
    expect(errors).toBeNull()
    expect(edit).toEqual({
      id: 'rooibos-tea',
      name: 'Rooibos Tea',
      description: 'Loose-leaf rooibos from the Cederberg.',
      category: 'pantry',
      categoryName: 'Pantry',
      tags: [],
      options: [],
      active: true,
      variants: [
        {
          id: 'rooibos-tea',
          optionValues: [],
          priceCents: 129900,
          compareAtCents: null,
          onHand: 12,
          ...NO_PARCEL,
        },
      ],
    })
  })

  it('reads an unticked box as inactive and a compare-at price above the price', () => {
    const { active, compareAtPrice, price } = saved({
      ...basics,
      active: '',
      compareAtPrice: 'R 1499',
    })
    expect({ active, compareAtPrice, price }).toEqual({
      active: false,
      compareAtPrice: 149900,
      price: 129900,
    })
  })

  it.each([
    [{ price: '' }, 'price', 'Enter the price in rands, e.g. 1299.00'],
    [{ price: 'cheap' }, 'price', 'Enter the price in rands, e.g. 1299.00'],
    [{ price: '12.345' }, 'price', 'Enter the price in rands, e.g. 1299.00'],
    [{ price: '-5' }, 'price', 'Enter the price in rands, e.g. 1299.00'],
    [{ price: '0.00' }, 'price', 'The price must be more than R 0,00'],
    [
      { compareAtPrice: '1299' },
      'compareAtPrice',
      'The compare-at price must be higher than the price, or left empty',
    ],
    [
      { compareAtPrice: 'x' },
      'compareAtPrice',
      'Enter the compare-at price in rands, e.g. 1299.00',
    ],
    [{ stock: '' }, 'stock', 'Enter the stock on hand as a whole number, 0 or more'],
    [{ stock: '-1' }, 'stock', 'Enter the stock on hand as a whole number, 0 or more'],
    [{ stock: '1.5' }, 'stock', 'Enter the stock on hand as a whole number, 0 or more'],
    [{ name: '  ' }, 'name', 'Enter the product name'],
    [{ description: '' }, 'description', 'Describe the product for the shop'],
    [{ category: '' }, 'category', 'Choose a category'],
    [{ active: 'maybe' }, 'active', 'Tick the box or leave it empty'],
  ])('refuses %o with a message beside %s', (change, field, message) => {
    const { errors } = parse({ ...basics, ...change })
    expect(errors?.[field]).toEqual([message])
  })

  it('refuses a category the catalogue does not have', () => {
    const { errors } = toProductEdit(saved({ ...basics, category: 'weapons' }), {
      id: 'rooibos-tea',
      existing: null,
      held: {},
      categories,
    })
    expect(errors).toEqual({ category: ['Choose a category from the list'] })
  })
})

describe('options and variants', () => {
  const tee = shirt('tee') // Size S, M, L x Colour Black, Rainbow; R 250 and 3 in stock each
  const options = {
    'options[0].name': 'Size',
    'options[0].values': 'S, M, L',
    'options[1].name': 'Colour',
    'options[1].values': 'Black, Rainbow',
  }

  it('prices each combination from its row of the variants table', () => {
    const { edit } = toProductEdit(
      saved({
        ...basics,
        category: 'apparel',
        price: '',
        stock: '',
        ...options,
        'variants[0].id': 'tee--s-black',
        'variants[0].price': '199.99',
        'variants[0].compareAtPrice': '249.99',
        'variants[0].stock': '0',
      }),
      { id: 'tee', existing: tee, held: { 'tee--m-black': 2 }, categories },
    )
    expect(edit?.options).toEqual([
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Black', 'Rainbow'] },
    ])
    expect(edit?.variants.map((v) => v.id)).toEqual(tee.variants.map((v) => v.id))
    expect(edit?.variants[0]).toEqual({
      id: 'tee--s-black',
      optionValues: ['S', 'Black'],
      priceCents: 19999,
      compareAtCents: 24999,
      onHand: 0,
      ...NO_PARCEL,
    })
    // A variant the table left out keeps its price and what is on hand (3 available + 2 held).
    expect(edit?.variants[2]).toMatchObject({ id: 'tee--m-black', priceCents: 25_000, onHand: 5 })
  })

  it('adds a new value as combinations at the top-level price with no stock', () => {
    const { edit } = toProductEdit(
      saved({
        ...basics,
        category: 'apparel',
        price: '300',
        stock: '',
        ...options,
        'options[0].values': 'S, M, L, XL',
      }),
      { id: 'tee', existing: tee, held: {}, categories },
    )
    expect(edit?.variants).toHaveLength(8)
    expect(edit?.variants.slice(6)).toEqual([
      {
        id: 'tee--xl-black',
        optionValues: ['XL', 'Black'],
        priceCents: 30000,
        compareAtCents: null,
        onHand: 0,
        ...NO_PARCEL,
      },
      {
        id: 'tee--xl-rainbow',
        optionValues: ['XL', 'Rainbow'],
        priceCents: 30000,
        compareAtCents: null,
        onHand: 0,
        ...NO_PARCEL,
      },
    ])
  })

  it('asks for a price for new combinations when there is none', () => {
    const { errors } = toProductEdit(
      saved({ ...basics, category: 'apparel', price: '', stock: '', ...options }),
      { id: 'new-tee', existing: null, held: {}, categories },
    )
    expect(errors).toEqual({
      price: ['Enter the price of the new option combinations in rands, e.g. 1299.00'],
    })
  })

  it('names the option row that is wrong', () => {
    const result = toProductEdit(
      saved({
        ...basics,
        'options[0].values': 'S, M',
        'options[1].name': 'Colour',
        'options[1].values': 'Red, red , ,',
        'options[2].name': 'colour',
        'options[2].values': 'Blue',
      }),
      { id: 'tee', existing: null, held: {}, categories },
    )
    expect(result.errors).toEqual({
      'options[0].name': ['Name this option, e.g. Size'],
      'options[1].values': ['"red" and "Red" are the same value'],
      'options[2].name': ['There is already an option called colour'],
    })
  })

  it('refuses a bad price in a variant row beside that row', () => {
    const { errors } = parse({
      ...basics,
      ...options,
      'variants[1].id': 'tee--s-rainbow',
      'variants[1].price': '0',
      'variants[1].stock': 'lots',
      'variants[0].id': 'tee--s-black',
      'variants[0].price': '100',
      'variants[0].compareAtPrice': '90',
      'variants[0].stock': '1',
    })
    expect(errors).toMatchObject({
      'variants[0].compareAtPrice': [
        'The compare-at price must be higher than the price, or left empty',
      ],
      'variants[1].price': ['The price must be more than R 0,00'],
      'variants[1].stock': ['Enter the stock on hand as a whole number, 0 or more'],
    })
  })

  it('makes every combination, first option outermost', () => {
    expect(
      combinations([
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ]),
    ).toEqual([
      ['S', 'Red'],
      ['S', 'Blue'],
      ['M', 'Red'],
      ['M', 'Blue'],
    ])
  })

  it('refuses options that make more than 100 combinations', () => {
    const many = Array.from({ length: 5 }, (_, i) => `V${i}`).join(', ')
    const { errors } = toProductEdit(
      saved({
        ...basics,
        'options[0].name': 'A',
        'options[0].values': many,
        'options[1].name': 'B',
        'options[1].values': many,
        'options[2].name': 'C',
        'options[2].values': `${many}, V5`,
      }),
      { id: 'big', existing: null, held: {}, categories },
    )
    expect(errors).toEqual({
      'options[2].values': ['These options make 150 combinations; a product may have at most 100'],
    })
  })
})

describe('a new product id', () => {
  const takenOf =
    (...ids: string[]) =>
    async (id: string) =>
      ids.includes(id)

  it('is the slug of the name, numbered when taken', async () => {
    expect(await newProductId('Rooibos Tea – 250 g', takenOf())).toBe('rooibos-tea-250-g')
    expect(await newProductId('Crème Brûlée', takenOf('creme-brulee', 'creme-brulee-2'))).toBe(
      'creme-brulee-3',
    )
  })

  it('never clashes with the back office’s own URLs or comes out empty', async () => {
    expect(await newProductId('New', takenOf())).toBe('new-2')
    expect(await newProductId('🌶️🔥', takenOf())).toBe('product')
    const long = await newProductId('word '.repeat(60), takenOf())
    expect(long.length).toBeLessThanOrEqual(80)
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  })

  it('keeps the tags of the product being edited', () => {
    const existing = makeProduct({ id: 'rooibos-tea', tags: ['tea', 'local'] })
    const { edit } = toProductEdit(saved(basics), {
      id: 'rooibos-tea',
      existing,
      held: {},
      categories,
    })
    expect(edit?.tags).toEqual(['tea', 'local'])
  })
})

describe('weights and sizes in the product form', () => {
  const tee = shirt('tee')
  tee.variants[2] = {
    ...tee.variants[2]!,
    weightGrams: 210,
    lengthCm: 30,
    widthCm: 25,
    heightCm: 3,
  }
  const options = {
    'options[0].name': 'Size',
    'options[0].values': 'S, M, L',
    'options[1].name': 'Colour',
    'options[1].values': 'Black, Rainbow',
  }

  it('gives a product without options the weight and size typed, blanks as unknown', () => {
    const weighed = toProductEdit(
      saved({ ...basics, weightGrams: '1 200', lengthCm: '25', widthCm: '15', heightCm: '10' }),
      { id: 'rooibos-tea', existing: null, held: {}, categories },
    )
    expect(weighed.edit?.variants[0]).toMatchObject({
      weightGrams: 1200,
      lengthCm: 25,
      widthCm: 15,
      heightCm: 10,
    })
    const blank = toProductEdit(saved({ ...basics, weightGrams: '', lengthCm: '' }), {
      id: 'rooibos-tea',
      existing: null,
      held: {},
      categories,
    })
    expect(blank.edit?.variants[0]).toMatchObject(NO_PARCEL)
  })

  it('weighs each combination from its row, new ones from the top-level fields, and leaves the rest as stored', () => {
    const { edit } = toProductEdit(
      saved({
        ...basics,
        category: 'apparel',
        price: '300',
        stock: '',
        weightGrams: '250',
        ...options,
        'options[0].values': 'S, M, L, XL',
        'variants[0].id': 'tee--s-black',
        'variants[0].price': '250',
        'variants[0].stock': '3',
        'variants[0].weightGrams': '180',
        'variants[0].lengthCm': '30',
        'variants[0].widthCm': '20',
        'variants[0].heightCm': '2',
      }),
      { id: 'tee', existing: tee, held: {}, categories },
    )
    const byId = new Map(edit?.variants.map((v) => [v.id, v]))
    expect(byId.get('tee--s-black')).toMatchObject({ weightGrams: 180, lengthCm: 30, heightCm: 2 })
    expect(byId.get('tee--xl-black')).toMatchObject({ weightGrams: 250, lengthCm: null })
    // Not in the table: the store keeps what it has (210 g, 30 x 25 x 3 cm).
    expect(byId.get('tee--m-black')?.weightGrams).toBeUndefined()
  })

  it('names the field of a weight that is not whole grams and of a missing side', () => {
    expect(parse({ ...basics, weightGrams: '1.5kg' }).errors).toEqual({
      weightGrams: ['Enter the weight in whole grams, e.g. 250, or leave it empty'],
    })
    expect(parse({ ...basics, weightGrams: '2000000' }).errors).toEqual({
      weightGrams: ['Enter a weight of at most 1 000 000 g'],
    })
    expect(parse({ ...basics, lengthCm: '30', heightCm: '0' }).errors).toEqual({
      heightCm: ['Enter the height in whole centimetres, e.g. 20, or leave it empty'],
    })
    expect(parse({ ...basics, lengthCm: '30' }).errors).toEqual({
      widthCm: ['Enter all three sides in centimetres, or leave all three empty'],
      heightCm: ['Enter all three sides in centimetres, or leave all three empty'],
    })
    const row = parse({
      ...basics,
      category: 'apparel',
      ...options,
      'variants[0].id': 'tee--s-rainbow',
      'variants[0].price': '250',
      'variants[0].stock': '3',
      'variants[0].weightGrams': 'heavy',
      'variants[0].widthCm': '20',
    })
    expect(row.errors).toEqual({
      'variants[0].weightGrams': ['Enter the weight in whole grams, e.g. 250, or leave it empty'],
    })
    const sides = parse({
      ...basics,
      category: 'apparel',
      ...options,
      'variants[0].id': 'tee--s-rainbow',
      'variants[0].price': '250',
      'variants[0].stock': '3',
      'variants[0].widthCm': '20',
    })
    expect(sides.errors).toEqual({
      'variants[0].lengthCm': ['Enter all three sides in centimetres, or leave all three empty'],
      'variants[0].heightCm': ['Enter all three sides in centimetres, or leave all three empty'],
    })
  })
})
