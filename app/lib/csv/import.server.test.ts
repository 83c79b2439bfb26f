import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { product, shirt } from '~/lib/data/contract.suite'
import { memoryStore } from '~/lib/data/memory-store.test-helper'
import type { Store } from '~/lib/data/store'
import { variantIdFor } from '~/lib/data/variants'
import { draft } from '~/lib/orders/orders.test-helper'

import { productsExport } from './catalogue-export.server'
import { csvResponse } from './export.server'
import { MAX_IMPORT_ROWS, readImportFile } from './import-read.server'
import { applyPlan, planAgainstStore } from './import.server'
import { PRODUCT_COLUMNS } from './product-columns'

/**
 * The CSV import over a real SQLite store: the file read, each row judged by the product editor's
 * rules, the dry run changing nothing, the apply saving through the editor's transaction, and a
 * second import of the same file changing nothing.
 */

const NOW = '2026-11-28T08:00:00.000Z'
const STAFF = { by: 'nomsa@shop.example.co.za' }
const CATEGORIES = [
  { slug: 'pantry', name: 'Pantry' },
  { slug: 'clothing', name: 'Clothing' },
]

let store: Store
beforeEach(() => {
  store = memoryStore({ now: () => new Date(NOW) })
})
afterEach(async () => {
  await store.close()
})

const bytes = (text: string) => new TextEncoder().encode(text)

/** The dry run of a CSV text against the store. */
async function preview(text: string) {
  const file = await readImportFile(bytes(text))
  if (!file.ok) throw new Error(file.message)
  return planAgainstStore(store, file, { now: NOW, categories: CATEGORIES })
}

/** The dry run, then the apply, as /admin/import does. */
async function importCsv(text: string) {
  const plan = await preview(text)
  return { plan, summary: await applyPlan(store, plan, STAFF) }
}

const HEADER = 'product_id,name,description,category,price,stock'

async function refusal(text: string | Uint8Array): Promise<string> {
  const read = await readImportFile(typeof text === 'string' ? bytes(text) : text)
  if (read.ok) throw new Error('expected a refusal')
  return read.message
}

describe('reading the file', () => {
  it('refuses what is not a CSV of ours, saying what to do', async () => {
    expect(await refusal('')).toMatch(/empty/)
    expect(await refusal(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toMatch(
      /spreadsheet workbook.*CSV UTF-8/,
    )
    expect(await refusal(new Uint8Array([0x6e, 0x61, 0xff, 0xfe, 0x0a]))).toMatch(/not UTF-8/)
    expect(await refusal('name,price\nTea,10.00\n')).toMatch(
      /header row does not match \(missing product_id, description, category, stock\).*Download the products export/,
    )
    expect(await refusal(`${HEADER},colour\nx,X,D,pantry,1.00,1\n`)).toMatch(
      /unknown column colour/,
    )
    expect(await refusal(`${HEADER},image_url\n`)).toMatch(
      /Pictures are not imported from links \(column image_url\)/,
    )
    expect(await refusal(`${HEADER},name\n`)).toMatch(/name appears twice/)
    expect(await refusal(`${HEADER}\n`)).toMatch(/no rows/)
    expect(await refusal(`sku,stock\n${'a,1\n'.repeat(MAX_IMPORT_ROWS + 1)}`)).toMatch(
      /at most 50,000/,
    )
    expect(await refusal('product_id,name\n"unclosed,x\n')).toMatch(/could not be read as CSV/)
  })

  it('reads a products file, a stock file, a byte-order mark and semicolons', async () => {
    const products = await readImportFile(bytes(`\uFEFF${HEADER}\nx,X,D,pantry,1.00,1\n`))
    expect(products).toMatchObject({ ok: true, kind: 'products', rows: [{ line: 2 }] })
    const stock = await readImportFile(bytes('SKU;Stock\r\nrooibos;4\r\n\r\nbiltong;2\r\n'))
    expect(stock).toMatchObject({
      ok: true,
      kind: 'stock',
      // The blank line keeps its number: line numbers are the spreadsheet's rows.
      rows: [
        { line: 2, cells: { sku: 'rooibos', stock: '4' } },
        { line: 4, cells: { sku: 'biltong', stock: '2' } },
      ],
    })
  })
})

describe('a products file', () => {
  const SHEET = [
    `${HEADER},option1_name,option1_value,compare_at_price,weight_grams`,
    'rooibos-tea,Rooibos Tea 250 g,Cederberg rooibos,pantry,89.00,40,,,99.00,260',
    ',Karoo Lamb Rub,"Salt, pepper and\nrosemary",pantry,"1 299,00",5,,,,',
    'veld-tee,Veld Tee,Cotton tee,clothing,250.00,3,Size,S,,',
    'veld-tee,,,,250.00,4,,M,,',
  ].join('\n')

  it('shows the dry run, changes nothing until applied, then creates the products', async () => {
    const plan = await preview(SHEET)
    expect(plan.counts).toEqual({ create: 4, update: 0, unchanged: 0, invalid: 0, skipped: 0 })
    expect(plan.problems).toEqual([])
    expect(plan.saves.map((save) => [save.productId, save.action])).toEqual([
      ['rooibos-tea', 'create'],
      ['karoo-lamb-rub', 'create'],
      ['veld-tee', 'create'],
    ])
    expect(await store.products.count()).toBe(0)

    const { summary } = await importCsv(SHEET)
    expect(summary).toMatchObject({ saved: 3, failed: [] })
    expect(await store.products.get('rooibos-tea')).toMatchObject({
      name: 'Rooibos Tea 250 g',
      priceCents: 8_900,
      compareAtCents: 9_900,
      stock: 40,
      variants: [{ weightGrams: 260 }],
      active: true,
      categoryName: 'Pantry',
    })
    expect(await store.products.get('karoo-lamb-rub')).toMatchObject({
      description: 'Salt, pepper and\nrosemary',
      priceCents: 129_900,
    })
    const tee = await store.products.get('veld-tee')
    expect(tee?.options).toEqual([{ name: 'Size', values: ['S', 'M'] }])
    expect(tee?.variants.map((v) => [v.id, v.stock])).toEqual([
      ['veld-tee--s', 3],
      ['veld-tee--m', 4],
    ])
    expect((await store.products.changeLog('veld-tee'))[0]).toMatchObject({
      by: STAFF.by,
      change: 'created "Veld Tee" with 2 variants, 7 on hand',
    })
  })

  it('changes nothing when the same file is imported again', async () => {
    await importCsv(SHEET)
    const before = await store.products.all()
    const { plan, summary } = await importCsv(SHEET)
    expect(plan.counts).toEqual({ create: 0, update: 0, unchanged: 4, invalid: 0, skipped: 0 })
    expect(plan.saves).toEqual([])
    expect(summary.saved).toBe(0)
    expect(await store.products.all()).toEqual(before)
    expect(await store.products.changeLog('rooibos-tea')).toHaveLength(1)
  })

  it('updates what changed, keeps columns the file leaves out, and counts rows', async () => {
    const weighed = product('rooibos-tea', { name: 'Rooibos Tea 250 g' })
    weighed.variants[0]!.weightGrams = 260
    await store.products.upsertMany([weighed, shirt('tee')])
    const { plan } = await importCsv(
      [
        `${HEADER},option1_name,option1_value,option2_name,option2_value`,
        'rooibos-tea,Rooibos Tea 250 g,About rooibos-tea,pantry,99.00,10,,,,',
        'tee,Product tee,About tee,pantry,250.00,3,Size,S,Colour,Black',
        'tee,,,,250.00,9,Size,M,Colour,Black',
      ].join('\n'),
    )
    expect(plan.counts).toEqual({ create: 0, update: 2, unchanged: 1, invalid: 0, skipped: 0 })
    const rooibos = await store.products.get('rooibos-tea')
    expect(rooibos).toMatchObject({ priceCents: 9_900, variants: [{ weightGrams: 260 }] })
    expect(rooibos?.images).toEqual(weighed.images)
    const tee = await store.products.get('tee')
    // The variants the file leaves out are kept as they were.
    expect(tee?.variants).toHaveLength(6)
    expect(tee?.variants.find((v) => v.id === variantIdFor('tee', ['M', 'Black']))?.stock).toBe(9)
    expect((await store.products.changeLog('tee'))[0]?.change).toBe(
      'stock of Size: M, Colour: Black 3 -> 9',
    )
  })

  it('names every bad row with its line and the fix, and skips only their products', async () => {
    const columns = `${HEADER},sku,category_name,active,option1_name,option1_value,compare_at_price,weight_grams,length_cm,width_cm,height_cm`
    const plan = await preview(
      [
        columns,
        /* 2 */ 'good,Good,Fine,pantry,10.00,1,,,,,,,,,,',
        /* 3 */ 'no-name,,Fine,pantry,10.00,1,,,,,,,,,,',
        /* 4 */ 'bad-price,Bad price,Fine,pantry,ten,1,,,,,,,,,,',
        /* 5 */ 'cheap-was,Was,Fine,pantry,10.00,1,,,,,,9.00,,,,',
        /* 6 */ 'minus,Minus,Fine,pantry,10.00,-2,,,,,,,,,,',
        /* 7 */ 'heavy,Heavy,Fine,pantry,10.00,1,,,,,,,2kg,,,',
        /* 8 */ 'sides,Sides,Fine,pantry,10.00,1,,,,,,,,10,,',
        /* 9 */ 'tee,Tee,Fine,pantry,10.00,1,,,,Size,M,,,,,',
        /* 10 */ 'tee,,,,10.00,1,tee--s,,,,L,,,,,',
        /* 11 */ 'mug,Mug,Fine,kitchen,10.00,1,,,,,,,,,,',
        /* 12 */ 'onoff,Onoff,Fine,pantry,10.00,1,,,maybe,,,,,,,',
        /* 13 */ 'good,Good,Fine,pantry,10.00,1,,,,,,,,,,',
        /* 14 */ 'two,Two,Fine,pantry,10.00,1,,,,,,,,,,',
        /* 15 */ 'two,Other name,,,10.00,1,,,,,,,,,,',
        /* 16 */ 'Bad Id!,Id,Fine,pantry,10.00,1,,,,,,,,,,',
        /* 17 */ 'short,Short,Fine,pantry',
        /* 18 */ 'nameless,Nameless,Fine,pantry,10.00,1,,,,,M,,,,,',
        /* 19 */ 'fine,Fine,Fine,pantry,10.00,1,,,,,,,,,,',
      ].join('\n'),
    )
    expect(plan.problems.map((p) => [p.line, p.message])).toEqual([
      [3, 'name: Enter the product name'],
      [4, 'price: Enter the price in rands, e.g. 1299.00'],
      [5, 'compare_at_price: The compare-at price must be higher than the price, or left empty'],
      [6, 'stock: Enter the stock on hand as a whole number, 0 or more'],
      [7, 'weight_grams: Enter the weight in whole grams, e.g. 250, or leave it empty'],
      [8, 'width_cm: Enter all three sides in centimetres, or leave all three empty'],
      [8, 'height_cm: Enter all three sides in centimetres, or leave all three empty'],
      [
        10,
        'sku: should be tee--l (the product id and its option values), or leave it empty to have it made',
      ],
      [11, 'category_name: kitchen is a new category: name it in category_name, e.g. Pantry'],
      [12, 'active: write yes (on sale) or no (off the shop)'],
      [13, 'sku: good is already on line 2; give each variant one row'],
      [15, 'name: differs from line 14 of the same product; write it the same or leave it empty'],
      [16, 'product_id: use lower-case letters, digits and single dashes, e.g. rooibos-tea-250-g'],
      [17, expect.stringMatching(/^This row has 4 cells where the header names 16/)],
      [18, 'option1_name: name the option whose value is M, e.g. Size'],
    ])
    // A product is saved whole or not at all: lines 2 (repeated on 13), 9 and 14 are skipped
    // with the bad rows of their products; the rest of the file is saved.
    expect(plan.counts).toEqual({ create: 1, update: 0, unchanged: 0, invalid: 14, skipped: 3 })
    expect(plan.saves.map((save) => save.productId)).toEqual(['fine'])
  })

  it('never sets stock below what unpaid orders hold, as the product editor', async () => {
    await store.products.upsertMany([product('biltong', { stock: 10 })])
    await store.orders.place(draft([{ productId: 'biltong', quantity: 4 }]), 'HELD000001')
    const plan = await preview(`${HEADER}\nbiltong,Product biltong,About biltong,pantry,129.00,3\n`)
    expect(plan.problems).toEqual([
      {
        line: 2,
        sku: 'biltong',
        message: 'stock: 4 held by unpaid orders: the stock on hand cannot go below 4',
      },
    ])
    expect(plan.saves).toEqual([])
    // On hand 10 (6 available and 4 held) is what the file must say to change nothing.
    const same = await preview(
      `${HEADER}\nbiltong,Product biltong,About biltong,pantry,129.00,10\n`,
    )
    expect(same.counts.unchanged).toBe(1)
  })

  it('loads 300 products from a spreadsheet with every bad row named', async () => {
    const lines = [HEADER]
    const bad = new Set([7, 50, 51, 120, 199, 250, 301])
    for (let i = 1; i <= 300; i++) {
      const line = i + 1
      const price = bad.has(line) ? 'free' : `${(i % 90) + 10}.50`
      lines.push(`season-${i},Season product ${i},A new thing,pantry,${price},${i % 7}`)
    }
    const { plan, summary } = await importCsv(lines.join('\n'))
    expect(plan.problems.map((p) => p.line)).toEqual([...bad].sort((a, b) => a - b))
    expect(
      plan.problems.every((p) => p.message.startsWith('price: Enter the price in rands')),
    ).toBe(true)
    expect(plan.counts).toMatchObject({ create: 293, invalid: 7 })
    expect(summary.saved).toBe(293)
    expect(await store.products.count()).toBe(293)
    const again = await preview(lines.join('\n'))
    expect(again.counts).toMatchObject({ unchanged: 293, invalid: 7, create: 0, update: 0 })
  })
})

describe('a stock file (sku,stock)', () => {
  beforeEach(async () => {
    await store.products.upsertMany([shirt('tee'), product('biltong', { stock: 10 })])
    await store.orders.place(draft([{ productId: 'biltong', quantity: 2 }]), 'HELD000002')
  })

  it('sets units on hand through the editor’s rules, naming rows it cannot take', async () => {
    const teeM = variantIdFor('tee', ['M', 'Black'])
    const { plan, summary } = await importCsv(
      [
        'sku,stock',
        `${teeM},12`,
        'biltong,1',
        'biltong--x,4',
        `${variantIdFor('tee', ['S', 'Black'])},3`,
        `${teeM},5`,
        ',5',
        'tee--l-black,lots',
      ].join('\n'),
    )
    expect(plan.problems.map((p) => [p.line, p.message])).toEqual([
      [3, 'stock: 2 held by unpaid orders: the stock on hand cannot go below 2'],
      [
        4,
        "sku: no variant has the sku biltong--x; add new products with a products file or on the product's page",
      ],
      [6, `sku: ${teeM} is already on line 2; give each variant one row`],
      [7, 'sku: Enter the sku: the variant’s id, as the products export writes it'],
      [8, 'stock: Enter the stock on hand as a whole number, 0 or more'],
    ])
    expect(plan.counts).toEqual({ create: 0, update: 1, unchanged: 1, invalid: 5, skipped: 0 })
    expect(summary.saved).toBe(1)
    const tee = await store.products.get('tee')
    expect(tee?.variants.find((v) => v.id === teeM)?.stock).toBe(12)
    expect(tee?.images).toEqual(shirt('tee').images)
    expect((await store.products.changeLog('tee'))[0]?.change).toBe(
      'stock of Size: M, Colour: Black 3 -> 12',
    )
    expect((await preview('sku,stock\n' + `${teeM},12`)).counts.unchanged).toBe(1)
  })
})

describe('the round trip: export, import, no change', () => {
  it('reads the products export back as every row unchanged', async () => {
    const odd = product('odd', {
      name: '=Not a formula',
      description: 'Line one\nline "two", with a comma',
      tags: ['a', 'b c'],
      compareAtCents: 20_000,
      active: false,
    })
    odd.variants[0]!.weightGrams = 500
    odd.variants[0]!.lengthCm = 10
    odd.variants[0]!.widthCm = 20
    odd.variants[0]!.heightCm = 30
    await store.products.upsertMany([shirt('tee'), odd, product('biltong', { stock: 10 })])
    await store.orders.place(draft([{ productId: 'biltong', quantity: 3 }]), 'HELD000003')

    const text = await csvResponse(productsExport(store, { from: '', to: '' })).text()
    expect(text.split('\n')[0]).toBe(PRODUCT_COLUMNS.join(','))
    // Stock is on hand: biltong's 7 available and 3 held.
    expect(text).toMatch(/\nbiltong,biltong,Product biltong,.*,129\.00,,10,,,,\n/)
    const before = await store.products.all()
    const { plan, summary } = await importCsv(text)
    expect(plan.problems).toEqual([])
    expect(plan.counts).toEqual({ create: 0, update: 0, unchanged: 8, invalid: 0, skipped: 0 })
    expect(summary.saved).toBe(0)
    expect(await store.products.all()).toEqual(before)
  })
})
