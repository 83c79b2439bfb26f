import type { ZodError } from 'zod'

import { parseOptions, unixLineEndings, type Category } from '~/lib/admin/product-edit'
import { COMPARE_AT_ABOVE_PRICE, optionName } from '~/lib/admin/product-schema'
import { applyEdit } from '~/lib/data/product-edit.server'
import { StockBelowHeldError, type ProductEdit } from '~/lib/data/store'
import type { Product, ProductOption, ProductVariant } from '~/lib/data/types'
import { MAX_VARIANTS, productIdOf, slugify, variantIdFor } from '~/lib/data/variants'
import { PRODUCT_ID_PATTERN } from '~/lib/fields'

import { yieldToEventLoop, type ImportKind, type ImportRow } from './import-read.server'
import { categoryName, COLUMN_OF_FIELD, productRowSchema, stockRowSchema } from './import-schema'
import { ACTIVE_WORDS, OPTION_COLUMNS, type ProductColumn } from './product-columns'

/**
 * The dry run of an import, and what applying it saves: each row judged by the product editor's
 * rules against the products as stored, each product's save worked out by the store's own
 * `applyEdit` (so "unchanged" is exactly a save that would log nothing, and stock never goes below
 * what unpaid orders hold). Pure: the caller reads the products, the held stock and the categories
 * first.
 */

export type RowOutcome = 'create' | 'update' | 'unchanged' | 'invalid' | 'skipped'

/** An invalid row: its line as a spreadsheet numbers it, its sku when known, and why. */
export type ImportProblem = { line: number; sku: string | null; message: string }

/** One product's save: the edit the store takes, the lines it came from, its change-log line. */
export type PlannedSave = {
  productId: string
  name: string
  lines: number[]
  action: 'create' | 'update'
  change: string
  edit: ProductEdit
}

export type ImportPlan = {
  kind: ImportKind
  rows: number
  counts: Record<RowOutcome, number>
  problems: ImportProblem[]
  saves: PlannedSave[]
}

export type PlanInput = {
  kind: ImportKind
  columns: readonly ProductColumn[]
  rows: readonly ImportRow[]
  /** The stored products the file names (by product id); absent ones are new. */
  existing: ReadonlyMap<string, Product>
  /** Units unpaid orders hold, by variant id. */
  held: Readonly<Record<string, number>>
  /** The shop's categories (slug and name), for rows that leave category_name empty. */
  categories: readonly Category[]
  now: string
}

const blankToUndefined = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value

/** The first message of each field, named by its column. */
function zodProblems(error: ZodError, line: number, sku: string | null): ImportProblem[] {
  const seen = new Set<string>()
  const problems: ImportProblem[] = []
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '')
    if (seen.has(field)) continue
    seen.add(field)
    const column = COLUMN_OF_FIELD[field] ?? field
    problems.push({ line, sku, message: column ? `${column}: ${issue.message}` : issue.message })
  }
  return problems
}

const heldMessage = (held: number) =>
  `stock: ${held} held by unpaid orders: the stock on hand cannot go below ${held}`

/** Products planned between two turns of the event loop: a 10 000-product file takes seconds. */
const PRODUCTS_PER_TURN = 100

export function planImport(input: PlanInput): Promise<ImportPlan> {
  return input.kind === 'stock' ? planStock(input) : planProducts(input)
}

function emptyCounts(): Record<RowOutcome, number> {
  return { create: 0, update: 0, unchanged: 0, invalid: 0, skipped: 0 }
}

/** A stored product as the editor would save it unchanged: on hand = available + held. */
export function editOf(product: Product, held: Readonly<Record<string, number>>): ProductEdit {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    category: product.category,
    categoryName: product.categoryName,
    tags: [...product.tags],
    options: product.options.map((option) => ({ name: option.name, values: [...option.values] })),
    active: product.active,
    variants: product.variants.map((variant) => ({
      id: variant.id,
      optionValues: [...variant.optionValues],
      priceCents: variant.priceCents,
      compareAtCents: variant.compareAtCents,
      onHand: variant.stock + (held[variant.id] ?? 0),
    })),
  }
}

// ---------------------------------------------------------------------------------------------
// sku,stock files

async function planStock({ rows, existing, held, now }: PlanInput): Promise<ImportPlan> {
  const counts = emptyCounts()
  const problems: ImportProblem[] = []
  const firstLine = new Map<string, number>()
  const byProduct = new Map<string, { lines: number[]; stock: Map<string, number> }>()

  for (const row of rows) {
    const skuCell = row.cells.sku?.trim() || null
    const invalid = (message: string) => {
      problems.push({ line: row.line, sku: skuCell, message })
      counts.invalid++
    }
    if (row.cellCountProblem) {
      invalid(row.cellCountProblem)
      continue
    }
    const parsed = stockRowSchema.safeParse({
      sku: blankToUndefined(row.cells.sku) ?? '',
      stock: blankToUndefined(row.cells.stock),
    })
    if (!parsed.success) {
      problems.push(...zodProblems(parsed.error, row.line, skuCell))
      counts.invalid++
      continue
    }
    const { sku, stock } = parsed.data
    const before = firstLine.get(sku)
    if (before !== undefined) {
      invalid(`sku: ${sku} is already on line ${before}; give each variant one row`)
      continue
    }
    firstLine.set(sku, row.line)
    const product = existing.get(productIdOf(sku))
    if (!product?.variants.some((variant) => variant.id === sku)) {
      invalid(
        `sku: no variant has the sku ${sku}; add new products with a products file or on the product's page`,
      )
      continue
    }
    const units = held[sku] ?? 0
    if (stock < units) {
      invalid(heldMessage(units))
      continue
    }
    const entry = byProduct.get(product.id) ?? {
      lines: [] as number[],
      stock: new Map<string, number>(),
    }
    entry.lines.push(row.line)
    entry.stock.set(sku, stock)
    byProduct.set(product.id, entry)
  }

  const saves: PlannedSave[] = []
  let productsDone = 0
  for (const [productId, { lines, stock }] of byProduct) {
    if (++productsDone % PRODUCTS_PER_TURN === 0) await yieldToEventLoop()
    const product = existing.get(productId)!
    const edit = editOf(product, held)
    for (const variant of edit.variants) {
      const onHand = stock.get(variant.id)
      if (onHand === undefined) continue
      if (onHand === variant.onHand) counts.unchanged++
      else counts.update++
      variant.onHand = onHand
    }
    const { change } = applyEdit(product, edit, held, now)
    if (change) {
      saves.push({ productId, name: product.name, lines, action: 'update', change, edit })
    }
  }
  return { kind: 'stock', rows: rows.length, counts, problems, saves }
}

// ---------------------------------------------------------------------------------------------
// products files

type ParsedRow = {
  line: number
  sku: string
  optionNames: string[]
  optionValues: string[]
  name: string
  description: string
  category: string
  categoryName: string | null
  tags: string[] | null
  active: boolean | null
  priceCents: number
  /** undefined: the column is not in the file (kept as stored). */
  compareAtCents: number | null | undefined
  onHand: number
  parcel: Pick<ProductEdit['variants'][number], 'weightGrams' | 'lengthCm' | 'widthCm' | 'heightCm'>
}

/** Product-level columns: blank on a product's later rows means "as on its first row". */
const PRODUCT_LEVEL: readonly ProductColumn[] = [
  'name',
  'description',
  'category',
  'category_name',
  'tags',
  'active',
  'option1_name',
  'option2_name',
  'option3_name',
]

const TAGS_MAX = 20
const TAG_MAX = 40

/** The product a products-file row belongs to: its product_id, else the slug of its name. */
export function productIdOfRow(row: ImportRow): { id: string } | { problem: string } {
  const given = row.cells.product_id?.trim().toLowerCase()
  if (given) {
    if (!PRODUCT_ID_PATTERN.test(given) || given === 'new' || given.includes('--')) {
      return {
        problem:
          'product_id: use lower-case letters, digits and single dashes, e.g. rooibos-tea-250-g',
      }
    }
    return { id: given }
  }
  const fromName = slugify(row.cells.name ?? '').slice(0, 80)
  if (!fromName) return { problem: 'product_id: enter the product id, or a name to make it from' }
  return { id: fromName }
}

async function planProducts(input: PlanInput): Promise<ImportPlan> {
  const { rows, columns, existing, held, categories, now } = input
  const has = new Set(columns)
  const counts = emptyCounts()
  const problems: ImportProblem[] = []

  // Group the rows by product, in the order products first appear.
  const groups = new Map<string, ImportRow[]>()
  for (const row of rows) {
    if (row.cellCountProblem) {
      problems.push({
        line: row.line,
        sku: row.cells.sku?.trim() || null,
        message: row.cellCountProblem,
      })
      counts.invalid++
      continue
    }
    const id = productIdOfRow(row)
    if ('problem' in id) {
      problems.push({ line: row.line, sku: row.cells.sku?.trim() || null, message: id.problem })
      counts.invalid++
      continue
    }
    const group = groups.get(id.id)
    if (group) group.push(row)
    else groups.set(id.id, [row])
  }

  const saves: PlannedSave[] = []
  const skuLines = new Map<string, number>()
  let productsDone = 0
  for (const [productId, group] of groups) {
    if (++productsDone % PRODUCTS_PER_TURN === 0) await yieldToEventLoop()
    const before = existing.get(productId) ?? null
    const groupProblems: ImportProblem[] = []
    const parsed: ParsedRow[] = []
    const first = group[0]!
    for (const row of group) {
      const result = parseProductRow(row, first, productId, has, groupProblems)
      if (!result) continue
      const seenOn = skuLines.get(result.sku)
      if (seenOn !== undefined) {
        groupProblems.push({
          line: row.line,
          sku: result.sku,
          message: `sku: ${result.sku} is already on line ${seenOn}; give each variant one row`,
        })
        continue
      }
      skuLines.set(result.sku, row.line)
      parsed.push(result)
    }

    let built: { edit: ProductEdit } | null = null
    if (groupProblems.length === 0) {
      built = buildEdit(productId, parsed, before, held, categories, groupProblems)
    }
    let planned: ReturnType<typeof applyEdit> | null = null
    if (built) {
      try {
        planned = applyEdit(before, built.edit, held, now)
      } catch (error) {
        if (error instanceof StockBelowHeldError) {
          for (const shortfall of error.shortfalls) {
            const row = parsed.find((r) => r.sku === shortfall.variantId)
            groupProblems.push({
              line: row?.line ?? first.line,
              sku: shortfall.variantId,
              message: heldMessage(shortfall.held),
            })
          }
        } else if (error instanceof RangeError) {
          groupProblems.push({ line: first.line, sku: null, message: error.message })
        } else {
          throw error
        }
      }
    }

    if (groupProblems.length || !built || !planned) {
      problems.push(...groupProblems)
      const badLines = new Set(groupProblems.map((p) => p.line))
      counts.invalid += badLines.size
      counts.skipped += group.filter((row) => !badLines.has(row.line)).length
      continue
    }

    if (!planned.change) {
      counts.unchanged += group.length
      continue
    }
    const outcomes = rowOutcomes(before, planned.product, parsed)
    for (const outcome of outcomes) counts[outcome]++
    saves.push({
      productId,
      name: planned.product.name,
      lines: group.map((row) => row.line),
      action: before ? 'update' : 'create',
      change: planned.change,
      edit: built.edit,
    })
  }
  problems.sort((a, b) => a.line - b.line)
  return { kind: 'products', rows: rows.length, counts, problems, saves }
}

/** One row read by the editor's rules; null (with its problems added) when it is invalid. */
function parseProductRow(
  row: ImportRow,
  first: ImportRow,
  productId: string,
  has: ReadonlySet<ProductColumn>,
  problems: ImportProblem[],
): ParsedRow | null {
  const cell = (column: ProductColumn): string | undefined => {
    const own = blankToUndefined(row.cells[column])
    if (own !== undefined || row === first || !PRODUCT_LEVEL.includes(column)) return own
    return blankToUndefined(first.cells[column])
  }
  const skuCell = blankToUndefined(row.cells.sku)?.trim() ?? null
  const before = problems.length
  const add = (message: string) => problems.push({ line: row.line, sku: skuCell, message })

  // A product's own fields must read the same on each of its rows (or be left empty).
  if (row !== first) {
    for (const column of PRODUCT_LEVEL) {
      const own = blankToUndefined(row.cells[column])?.trim()
      const firstValue = blankToUndefined(first.cells[column])?.trim()
      if (own !== undefined && own !== firstValue) {
        add(
          `${column}: differs from line ${first.line} of the same product; write it the same or leave it empty`,
        )
      }
    }
  }

  const fields = productRowSchema.safeParse({
    name: cell('name'),
    description: cell('description'),
    category: cell('category'),
    price: cell('price'),
    compareAtPrice: cell('compare_at_price'),
    stock: cell('stock'),
    weightGrams: cell('weight_grams'),
    lengthCm: cell('length_cm'),
    widthCm: cell('width_cm'),
    heightCm: cell('height_cm'),
  })
  if (!fields.success) problems.push(...zodProblems(fields.error, row.line, skuCell))

  // Options: names (as the editor takes them) and this row's values, in columns 1 to 3.
  const optionNames: string[] = []
  const optionValues: string[] = []
  OPTION_COLUMNS.forEach(([nameColumn, valueColumn], i) => {
    const nameResult = optionName.safeParse(cell(nameColumn))
    const value = blankToUndefined(row.cells[valueColumn])?.trim().replace(/\s+/g, ' ')
    if (!nameResult.success) {
      add(`${nameColumn}: ${nameResult.error.issues[0]?.message ?? 'Check the option name'}`)
      return
    }
    const name = nameResult.data?.replace(/\s+/g, ' ') ?? null
    if (!name && !value) return
    if (!name) return add(`${nameColumn}: name the option whose value is ${value}, e.g. Size`)
    if (!value) return add(`${valueColumn}: enter this variant's ${name}`)
    if (optionNames.length !== i) {
      return add(`${nameColumn}: fill in option${i} before option${i + 1}`)
    }
    if (value.includes(',')) return add(`${valueColumn}: an option value cannot hold a comma`)
    optionNames.push(name)
    optionValues.push(value)
  })

  let tags: string[] | null = null
  if (has.has('tags')) {
    tags = (cell('tags') ?? '')
      .split(',')
      .map((tag) => tag.trim().replace(/\s+/g, ' '))
      .filter(Boolean)
    if (tags.length > TAGS_MAX) add(`tags: at most ${TAGS_MAX} tags, separated by commas`)
    const long = tags.find((tag) => tag.length > TAG_MAX)
    if (long) add(`tags: keep each tag to ${TAG_MAX} characters or fewer ("${long.slice(0, 20)}…")`)
  }

  let active: boolean | null = null
  const activeCell = cell('active')?.trim().toLowerCase()
  if (activeCell !== undefined) {
    if (!(activeCell in ACTIVE_WORDS)) add('active: write yes (on sale) or no (off the shop)')
    else active = ACTIVE_WORDS[activeCell as keyof typeof ACTIVE_WORDS]
  }

  let categoryNameValue: string | null = null
  const categoryNameCell = cell('category_name')
  if (categoryNameCell !== undefined) {
    const result = categoryName.safeParse(categoryNameCell)
    if (result.success) categoryNameValue = result.data
    else add(`category_name: ${result.error.issues[0]?.message ?? 'Name the category'}`)
  }

  const sku = variantIdFor(productId, optionValues)
  if (skuCell !== null && skuCell !== sku && problems.length === before) {
    add(
      `sku: should be ${sku} (the product id and its option values), or leave it empty to have it made`,
    )
  }

  if (problems.length > before || !fields.success) return null
  const value = fields.data
  return {
    line: row.line,
    sku,
    optionNames,
    optionValues,
    name: value.name,
    description: unixLineEndings(value.description),
    category: value.category,
    categoryName: categoryNameValue,
    tags,
    active,
    priceCents: value.price,
    compareAtCents: has.has('compare_at_price') ? value.compareAtPrice : undefined,
    onHand: value.stock,
    parcel: {
      weightGrams: has.has('weight_grams') ? value.weightGrams : undefined,
      lengthCm: has.has('length_cm') ? value.lengthCm : undefined,
      widthCm: has.has('width_cm') ? value.widthCm : undefined,
      heightCm: has.has('height_cm') ? value.heightCm : undefined,
    },
  }
}

/**
 * The product's save from its rows: its options (the stored values first, in their order, then
 * new ones as the rows bring them), the rows' variants in file order, then any stored variant the
 * file leaves out, unchanged (an import never removes a variant). Null with problems added when
 * the options or the category do not hold up.
 */
function buildEdit(
  productId: string,
  rows: readonly ParsedRow[],
  before: Product | null,
  held: Readonly<Record<string, number>>,
  categories: readonly Category[],
  problems: ImportProblem[],
): { edit: ProductEdit } | null {
  const first = rows[0]
  if (!first) return null
  const firstProblem = (message: string) =>
    problems.push({ line: first.line, sku: first.sku, message })

  for (const row of rows) {
    if (row.optionNames.join('\u0000') !== first.optionNames.join('\u0000')) {
      problems.push({
        line: row.line,
        sku: row.sku,
        message: `option names: give every row of the product the same options as line ${first.line} (${first.optionNames.join(', ') || 'none'})`,
      })
    }
  }
  if (problems.length) return null

  // The options' values: the stored ones in their order, then those new in the file.
  const optionRows = first.optionNames.map((name, i) => {
    const stored = before?.options[i]
    const values = stored?.name === name ? [...stored.values] : []
    for (const row of rows) {
      const value = row.optionValues[i]!
      if (!values.includes(value)) values.push(value)
    }
    return { name, values: values.join(', ') }
  })
  const optionErrors: Record<string, string[]> = {}
  const options: ProductOption[] = parseOptions(optionRows, optionErrors)
  for (const [key, messages] of Object.entries(optionErrors)) {
    const index = /options\[(\d)\]\.(\w+)/.exec(key)
    const column = index
      ? `option${Number(index[1]) + 1}_${index[2] === 'name' ? 'name' : 'value'}`
      : 'options'
    firstProblem(`${column}: ${messages[0]}`)
  }
  if (Object.keys(optionErrors).length) return null

  // The category's name: the file's, else the stored product's, else the shop's.
  const categoryNameOf =
    first.categoryName ??
    (before?.category === first.category ? before.categoryName : null) ??
    categories.find((category) => category.slug === first.category)?.name ??
    null
  if (!categoryNameOf) {
    firstProblem(
      `category_name: ${first.category} is a new category: name it in category_name, e.g. Pantry`,
    )
    return null
  }

  // The stored variants keep their places (those the file leaves out unchanged); new ones follow
  // in the file's order. An import never removes or reorders a variant.
  const fromFile = new Map(rows.map((row) => [row.sku, row]))
  const stored = new Map(before?.variants.map((variant) => [variant.id, variant]))
  const variantOf = (row: ParsedRow): ProductEdit['variants'][number] => {
    const old: ProductVariant | undefined = stored.get(row.sku)
    const compareAtCents =
      row.compareAtCents === undefined ? (old?.compareAtCents ?? null) : row.compareAtCents
    if (compareAtCents !== null && compareAtCents <= row.priceCents) {
      problems.push({
        line: row.line,
        sku: row.sku,
        message: `compare_at_price: ${COMPARE_AT_ABOVE_PRICE}`,
      })
    }
    return {
      id: row.sku,
      optionValues: row.optionValues,
      priceCents: row.priceCents,
      compareAtCents,
      onHand: row.onHand,
      ...row.parcel,
    }
  }
  const variants: ProductEdit['variants'] = (before?.variants ?? []).map((variant) => {
    const row = fromFile.get(variant.id)
    if (row) return variantOf(row)
    return {
      id: variant.id,
      optionValues: [...variant.optionValues],
      priceCents: variant.priceCents,
      compareAtCents: variant.compareAtCents,
      onHand: variant.stock + (held[variant.id] ?? 0),
    }
  })
  for (const row of rows) if (!stored.has(row.sku)) variants.push(variantOf(row))
  if (variants.length > MAX_VARIANTS) {
    firstProblem(
      `A product has at most ${MAX_VARIANTS} variants; this one would have ${variants.length}`,
    )
  }
  if (before && variants.length > rows.length && options.length !== before.options.length) {
    firstProblem(
      `option names: ${productId} is sold as ${before.variants.length} variants with options ${before.options.map((o) => o.name).join(', ') || 'none'}; to change its options, list a row for each variant or change them on the product's page`,
    )
  }
  if (problems.length) return null

  return {
    edit: {
      id: productId,
      name: first.name,
      description: first.description,
      category: first.category,
      categoryName: categoryNameOf,
      tags: first.tags ?? before?.tags ?? [],
      options,
      active: first.active ?? before?.active ?? true,
      variants,
    },
  }
}

/** Per row: a variant new to the product is created; one whose save changes it is updated. */
function rowOutcomes(
  before: Product | null,
  after: Product,
  rows: readonly ParsedRow[],
): RowOutcome[] {
  if (!before) return rows.map(() => 'create')
  const productLevel = (p: Product) =>
    JSON.stringify([p.name, p.description, p.category, p.categoryName, p.tags, p.options, p.active])
  const productChanged = productLevel(before) !== productLevel(after)
  const old = new Map(before.variants.map((variant) => [variant.id, variant]))
  const now = new Map(after.variants.map((variant) => [variant.id, variant]))
  const outcomes = rows.map((row): RowOutcome => {
    const was = old.get(row.sku)
    if (!was) return 'create'
    const is = now.get(row.sku)
    const same =
      is &&
      JSON.stringify([
        was.priceCents,
        was.compareAtCents,
        was.stock,
        was.weightGrams,
        was.lengthCm,
        was.widthCm,
        was.heightCm,
      ]) ===
        JSON.stringify([
          is.priceCents,
          is.compareAtCents,
          is.stock,
          is.weightGrams,
          is.lengthCm,
          is.widthCm,
          is.heightCm,
        ])
    return productChanged || !same ? 'update' : 'unchanged'
  })
  // A change no row carries (the variants' order): the product's first row.
  if (!outcomes.some((outcome) => outcome !== 'unchanged')) outcomes[0] = 'update'
  return outcomes
}
