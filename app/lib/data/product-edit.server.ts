import { formatRand } from '~/lib/money'

import { StockBelowHeldError, type ProductEdit } from './store'
import {
  LOW_STOCK_THRESHOLD,
  type Product,
  type ProductImage,
  type ProductVariant,
  type RatingSummary,
  type Review,
} from './types'
import {
  formatOptions,
  MAX_DIMENSION_CM,
  MAX_WEIGHT_GRAMS,
  optionValuesOf,
  shippingFacts,
  withVariants,
} from './variants'

/**
 * The back office's product rules both adapters apply inside their transactions: what a save
 * writes (available stock = on hand - held), what its change-log line says, the product search
 * and the low-stock test, and how hiding a review moves it out of the rating summary.
 */

/** A variant at or below LOW_STOCK_THRESHOLD available units makes its product low on stock. */
export function isLowStock(product: { variants: readonly { stock: number }[] }): boolean {
  return product.variants.some((variant) => variant.stock <= LOW_STOCK_THRESHOLD)
}

/**
 * The back-office search: the whole id, or every word of `q` somewhere in the name, in any case.
 * Null for a blank search, which matches every product.
 */
export function productSearch(
  q: string | undefined,
): ((product: Pick<Product, 'id' | 'name'>) => boolean) | null {
  const text = q?.trim().toLowerCase() ?? ''
  if (!text) return null
  const words = text.split(/\s+/)
  return (product) => {
    if (product.id === text) return true
    const name = product.name.toLowerCase()
    return words.every((word) => name.includes(word))
  }
}

/**
 * By name, then id, comparing code units as SQLite's BINARY collation and Firestore's string order
 * do, so both adapters page the same way.
 */
export function compareByName(
  a: Pick<Product, 'id' | 'name'>,
  b: Pick<Product, 'id' | 'name'>,
): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function assertEditNumbers(edit: ProductEdit): void {
  if (!edit.id.trim()) throw new RangeError('A product needs an id')
  if (edit.variants.length === 0) throw new RangeError(`${edit.id} needs at least one variant`)
  for (const variant of edit.variants) {
    if (!Number.isSafeInteger(variant.priceCents) || variant.priceCents <= 0) {
      throw new RangeError(`${variant.id}: a price is a positive number of cents`)
    }
    if (
      variant.compareAtCents !== null &&
      (!Number.isSafeInteger(variant.compareAtCents) || variant.compareAtCents <= 0)
    ) {
      throw new RangeError(`${variant.id}: a compare-at price is a positive number of cents`)
    }
    if (!Number.isSafeInteger(variant.onHand) || variant.onHand < 0) {
      throw new RangeError(`${variant.id}: stock on hand is a whole number from 0`)
    }
    const weight = variant.weightGrams
    if (
      weight != null &&
      !(Number.isSafeInteger(weight) && weight >= 0 && weight <= MAX_WEIGHT_GRAMS)
    ) {
      throw new RangeError(`${variant.id}: a weight is whole grams from 0 to ${MAX_WEIGHT_GRAMS}`)
    }
    for (const side of [variant.lengthCm, variant.widthCm, variant.heightCm]) {
      if (side != null && !(Number.isSafeInteger(side) && side >= 1 && side <= MAX_DIMENSION_CM)) {
        throw new RangeError(
          `${variant.id}: a size is whole centimetres from 1 to ${MAX_DIMENSION_CM}`,
        )
      }
    }
  }
}

/** The weight and size a save leaves on a variant: each as edited, or as stored when left out. */
function editedShippingFacts(
  edited: ProductEdit['variants'][number],
  stored: ProductVariant | undefined,
): Pick<ProductVariant, 'weightGrams' | 'lengthCm' | 'widthCm' | 'heightCm'> {
  const pick = <K extends 'weightGrams' | 'lengthCm' | 'widthCm' | 'heightCm'>(key: K) =>
    edited[key] === undefined ? stored?.[key] : edited[key]
  return shippingFacts({
    weightGrams: pick('weightGrams'),
    lengthCm: pick('lengthCm') ?? undefined,
    widthCm: pick('widthCm') ?? undefined,
    heightCm: pick('heightCm') ?? undefined,
  })
}

const grams = (weight: number | null) => (weight === null ? 'none' : `${weight} g`)
const size = (variant: Pick<ProductVariant, 'lengthCm' | 'widthCm' | 'heightCm'>) =>
  `${[variant.lengthCm, variant.widthCm, variant.heightCm].map((side) => side ?? '?').join(' x ')} cm`

/** "Size: M" for a variant of a product with options; empty for the one variant of one without. */
function variantLabel(product: Pick<Product, 'options'>, variant: ProductVariant): string {
  return formatOptions(optionValuesOf(product, variant))
}

const money = (cents: number | null) => (cents === null ? 'none' : formatRand(cents))
const optionsText = (options: Product['options']) =>
  options.length
    ? options.map((option) => `${option.name} (${option.values.join(', ')})`).join(', ')
    : 'none'

/** The readable change-log line between two versions of a product; null when nothing changed. */
function describeEdit(
  before: Product,
  after: Product,
  held: Readonly<Record<string, number>>,
): string | null {
  const changes: string[] = []
  if (before.name !== after.name) changes.push(`name "${before.name}" -> "${after.name}"`)
  if (before.description !== after.description) changes.push('description changed')
  if (before.category !== after.category || before.categoryName !== after.categoryName) {
    changes.push(`category ${before.categoryName} -> ${after.categoryName}`)
  }
  if (before.tags.join('\u0000') !== after.tags.join('\u0000')) {
    changes.push(`tags ${before.tags.join(', ') || 'none'} -> ${after.tags.join(', ') || 'none'}`)
  }
  if (optionsText(before.options) !== optionsText(after.options)) {
    changes.push(`options ${optionsText(before.options)} -> ${optionsText(after.options)}`)
  }
  if (before.active !== after.active) {
    changes.push(after.active ? 'active: back on sale' : 'inactive: off the shop')
  }
  const old = new Map(before.variants.map((variant) => [variant.id, variant]))
  for (const variant of after.variants) {
    const label = variantLabel(after, variant)
    const of = label ? ` of ${label}` : ''
    const onHand = variant.stock + (held[variant.id] ?? 0)
    const was = old.get(variant.id)
    if (!was) {
      changes.push(
        `variant ${label || variant.id} added at ${formatRand(variant.priceCents)}, ${onHand} on hand`,
      )
      continue
    }
    if (was.priceCents !== variant.priceCents) {
      changes.push(`price${of} ${money(was.priceCents)} -> ${money(variant.priceCents)}`)
    }
    if (was.compareAtCents !== variant.compareAtCents) {
      changes.push(
        `compare-at price${of} ${money(was.compareAtCents)} -> ${money(variant.compareAtCents)}`,
      )
    }
    const wasOnHand = was.stock + (held[variant.id] ?? 0)
    if (wasOnHand !== onHand) changes.push(`stock${of} ${wasOnHand} -> ${onHand}`)
    if (was.weightGrams !== variant.weightGrams) {
      changes.push(`weight${of} ${grams(was.weightGrams)} -> ${grams(variant.weightGrams)}`)
    }
    if (size(was) !== size(variant)) changes.push(`size${of} ${size(was)} -> ${size(variant)}`)
  }
  const kept = new Set(after.variants.map((variant) => variant.id))
  for (const variant of before.variants) {
    if (!kept.has(variant.id)) {
      changes.push(`variant ${variantLabel(before, variant) || variant.id} removed`)
    }
  }
  const order = (p: Product) => p.variants.filter((v) => old.has(v.id) && kept.has(v.id))
  if (
    order(before)
      .map((v) => v.id)
      .join() !==
    order(after)
      .map((v) => v.id)
      .join()
  ) {
    changes.push('variants reordered')
  }
  return changes.length ? changes.join('; ') : null
}

/**
 * What a back-office save writes over `before` (null: a new product) while `held` units of each
 * variant sit in unpaid orders: each variant's available stock is its units on hand less those
 * held, so a sale made while staff had the form open is not given back. Keeps the images, rating,
 * featured rank and creation time; a variant keeps its picture, and its weight and size where the
 * edit leaves them out. Throws StockBelowHeldError when a
 * variant is set, or removed, below what unpaid orders hold, and RangeError for numbers that are
 * not whole cents or units, or options and variants that do not fit together.
 *
 * `change` is the change-log line, null when the save changes nothing (then nothing is written).
 */
export function applyEdit(
  before: Product | null,
  edit: ProductEdit,
  held: Readonly<Record<string, number>>,
  now: string,
): { product: Product; change: string | null } {
  assertEditNumbers(edit)
  const shortfalls: StockBelowHeldError['shortfalls'] = []
  for (const variant of edit.variants) {
    const units = held[variant.id] ?? 0
    if (variant.onHand < units) {
      shortfalls.push({ variantId: variant.id, onHand: variant.onHand, held: units })
    }
  }
  const editedIds = new Set(edit.variants.map((variant) => variant.id))
  for (const variant of before?.variants ?? []) {
    const units = held[variant.id] ?? 0
    if (!editedIds.has(variant.id) && units > 0) {
      shortfalls.push({ variantId: variant.id, onHand: 0, held: units })
    }
  }
  if (shortfalls.length) throw new StockBelowHeldError(shortfalls)

  const stored = new Map(before?.variants.map((variant) => [variant.id, variant]))
  const variants: ProductVariant[] = edit.variants.map((variant) => ({
    id: variant.id,
    optionValues: [...variant.optionValues],
    priceCents: variant.priceCents,
    compareAtCents: variant.compareAtCents,
    stock: variant.onHand - (held[variant.id] ?? 0),
    image: stored.get(variant.id)?.image ?? null,
    ...editedShippingFacts(variant, stored.get(variant.id)),
  }))
  const first = variants[0]!
  if (edit.options.length === 0 && variants.length !== 1) {
    throw new RangeError(`${edit.id} has no options, so it is sold as one variant`)
  }
  const product = withVariants({
    id: edit.id,
    name: edit.name,
    description: edit.description,
    category: edit.category,
    categoryName: edit.categoryName,
    tags: [...edit.tags],
    options: edit.options.map((option) => ({ name: option.name, values: [...option.values] })),
    variants,
    // Read by withVariants only for a product without options (its one variant).
    priceCents: first.priceCents,
    compareAtCents: first.compareAtCents,
    stock: first.stock,
    active: edit.active,
    images: before?.images ?? [],
    featuredRank: before?.featuredRank ?? null,
    rating: before?.rating ?? { count: 0, sum: 0, distribution: [0, 0, 0, 0, 0] },
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
  })
  if (!before) {
    const units = variants.reduce((sum, variant) => sum + variant.stock, 0)
    return {
      product,
      change: `created "${product.name}" with ${plural(variants.length, 'variant')}, ${units} on hand`,
    }
  }
  const change = describeEdit(before, product, held)
  return change ? { product, change } : { product: before, change: null }
}

/** The change-log line for a new list of pictures; null when it is the same list. */
export function describeImages(
  before: readonly ProductImage[],
  after: readonly ProductImage[],
): string | null {
  const key = (image: ProductImage) => image.id ?? image.url
  const beforeKeys = new Set(before.map(key))
  const afterKeys = new Set(after.map(key))
  const changes: string[] = []
  for (const image of after) {
    if (!beforeKeys.has(key(image))) changes.push(`image added: "${image.alt}"`)
  }
  for (const image of before) {
    if (!afterKeys.has(key(image))) changes.push(`image removed: "${image.alt}"`)
  }
  const altBefore = new Map(before.map((image) => [key(image), image.alt]))
  for (const image of after) {
    const alt = altBefore.get(key(image))
    if (alt !== undefined && alt !== image.alt) {
      changes.push(`image text "${alt}" -> "${image.alt}"`)
    }
  }
  const keptOrder = (list: readonly ProductImage[], other: Set<string>) =>
    list
      .map(key)
      .filter((k) => other.has(k))
      .join('\u0000')
  if (keptOrder(before, afterKeys) !== keptOrder(after, beforeKeys)) {
    changes.push('images reordered')
  }
  if (!changes.length && JSON.stringify(before) !== JSON.stringify(after)) {
    changes.push('images changed')
  }
  return changes.length ? changes.join('; ') : null
}

/** The change-log line for hiding or showing a review. */
export function describeReviewVisibility(review: Review, hidden: boolean): string {
  return `review by ${review.authorName} (${plural(review.rating, 'star')}) ${hidden ? 'hidden' : 'shown again'}`
}

/** The summary with one more (`sign` 1) or one fewer (`sign` -1) review of `rating` stars. */
export function countRating(
  summary: RatingSummary,
  rating: Review['rating'],
  sign: 1 | -1,
): RatingSummary {
  const distribution = summary.distribution.map((n, i) =>
    i + 1 === rating ? Math.max(0, n + sign) : n,
  ) as RatingSummary['distribution']
  return {
    count: Math.max(0, summary.count + sign),
    sum: Math.max(0, summary.sum + sign * rating),
    distribution,
  }
}
