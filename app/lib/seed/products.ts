import type { Product, ProductOption, ProductVariant, RatingSummary } from '~/lib/data/types'
import {
  summarizeVariants,
  variantIdFor,
  withVariants,
  type ProductInput,
} from '~/lib/data/variants'

import { CATEGORY_DEFS, type CategoryDef, type Kind } from './catalogue-data'
import { parcelOf } from './weights'
import { colourImage, productImages } from '~/lib/images/pictures'
import { Random } from '~/lib/random'

export const DEFAULT_SEED = 'karoo-and-co'
/** The demo shop's size: seven pages of 24 on /shop, every kind of product at least twice. */
export const DEFAULT_PRODUCT_COUNT = 160
export const FEATURED_COUNT = 12
export const MIN_PRICE_CENTS = 45_00
export const MAX_PRICE_CENTS = 2_500_00

const DAY_MS = 86_400_000

export type CategorySummary = { slug: string; name: string }

/** The demo categories, in menu order. */
export const CATEGORIES: readonly CategorySummary[] = CATEGORY_DEFS.map(({ slug, name }) => ({
  slug,
  name,
}))

export function emptyRating(): RatingSummary {
  return { count: 0, sum: 0, distribution: [0, 0, 0, 0, 0] }
}

/** "Rooibos Loose-Leaf Tea – Classic, 250 g" -> "rooibos-loose-leaf-tea-classic-250g". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/(\d) (g|kg|ml|l|cm|mm)\b/g, '$1$2')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

type Slot = { category: CategoryDef; kind: Kind }

/** The last axis of variants, for catalogues larger than kinds x options x sizes x makers. */
const COLLECTIONS = [
  '',
  'Heritage Range',
  'Winter Collection',
  'Summer Collection',
  'Festive Edition',
  'Studio Line',
]

/** Kinds interleaved across categories, so any prefix of the catalogue mixes every category. */
const SLOTS: readonly Slot[] = (() => {
  const slots: Slot[] = []
  const longest = Math.max(...CATEGORY_DEFS.map((c) => c.kinds.length))
  for (let j = 0; j < longest; j++) {
    for (const category of CATEGORY_DEFS) {
      const kind = category.kinds[j]
      if (kind) slots.push({ category, kind })
    }
  }
  return slots
})()

/**
 * Apparel is sold by colour and size on one product page; everything else by size (or pack, or
 * format) on one page per flavour or colour. A kind with one size and no colour choice has no
 * options.
 */
function groupsColours({ category, kind }: Slot): boolean {
  return category.slug === 'apparel' && kind.options.length > 1
}

function productsOf(slot: Slot): number {
  const options = groupsColours(slot) ? 1 : slot.kind.options.length
  return options * (slot.category.makers.length + 1) * COLLECTIONS.length
}

/** How many distinct products the catalogue can make. */
export const MAX_PRODUCT_COUNT = SLOTS.reduce((sum, slot) => sum + productsOf(slot), 0)

/** One product of the catalogue: a kind, in one option unless it is sold by colour, by a maker. */
type Group = {
  slot: Slot
  /** The flavour, colour or edition in the product's name; null when it is an option. */
  option: string | null
  maker: string | null
  collection: string
}

/**
 * Product t of every kind, for t = 0, 1, 2...: the first products are each kind's first option,
 * then its second, and so on through makers and collections. The order never depends on how many
 * products are asked for, so a large catalogue starts with the demo one.
 */
function* groups(): Generator<Group> {
  for (let tier = 0; ; tier++) {
    let any = false
    for (const slot of SLOTS) {
      if (tier >= productsOf(slot)) continue
      any = true
      const { kind, category } = slot
      const options = groupsColours(slot) ? 1 : kind.options.length
      const makers = category.makers.length + 1
      const makerIndex = Math.floor(tier / options) % makers
      yield {
        slot,
        option: groupsColours(slot) ? null : (kind.options[tier % options] as string),
        maker: makerIndex === 0 ? null : (category.makers[makerIndex - 1] as string),
        collection: COLLECTIONS[Math.floor(tier / (options * makers))] as string,
      }
    }
    if (!any) return
  }
}

function groupName({ slot, option, maker, collection }: Group): string {
  const base =
    maker && slot.category.makerStyle === 'prefix' ? `${maker} ${slot.kind.name}` : slot.kind.name
  const parts = [option, collection].filter(Boolean)
  const name = parts.length ? `${base} – ${parts.join(', ')}` : base
  return maker && slot.category.makerStyle === 'suffix' ? `${name} (${maker})` : name
}

/** "Size S" is "S" under a Size option. */
const sizeValue = (label: string) => label.replace(/^Size /, '')

/** The product's options: colour (apparel), then size, pack or format when there is a choice. */
function optionsOf(group: Group): ProductOption[] {
  const { category, kind } = group.slot
  const options: ProductOption[] = []
  if (groupsColours(group.slot)) {
    options.push({ name: category.optionLabel ?? 'Colour', values: [...kind.options] })
  }
  if (kind.sizes.length > 1) {
    const packs = kind.sizes.every((size) => /^\d/.test(size.label))
    options.push({
      name: category.sizeLabel ?? (packs && category.slug !== 'apparel' ? 'Pack size' : 'Size'),
      values: kind.sizes.map((size) => sizeValue(size.label)),
    })
  }
  return options
}

/** Every combination of the options' values, in the options' order. */
function combinations(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => [...combo, value])),
    [[]],
  )
}

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value))
}

/** Whole rands rounded to a shop's steps, ending in ,00 or ,99; R 45 to R 2 500. */
export function believablePrice(rands: number, random: Random): number {
  const step = rands < 100 ? 5 : rands < 500 ? 10 : 50
  const whole = clamp(Math.round(rands / step) * step, MIN_PRICE_CENTS / 100, MAX_PRICE_CENTS / 100)
  const cents = whole * 100
  return random.chance(0.55) && cents - 1 >= MIN_PRICE_CENTS ? cents - 1 : cents
}

function description(group: Group, random: Random): string {
  const { slot, option, maker, collection } = group
  const { category, kind } = slot
  const details = random.sample(category.details, 2).join(' ')
  const facts = [
    option ? `${category.optionLabel ?? 'Option'}: ${option}.` : '',
    maker ? (category.slug === 'books' ? `${maker}.` : `Made by ${maker}.`) : '',
    collection ? `Part of our ${collection}.` : '',
  ].filter(Boolean)
  return [kind.blurb, details, facts.join(' ')].filter(Boolean).join('\n\n')
}

function tagsFor(group: Group, random: Random): string[] {
  const tags = new Set(group.slot.kind.tags)
  const option = (group.option ?? '').toLowerCase()
  if (option && option.length <= 20) tags.add(option)
  if (group.slot.category.slug === 'crafts') tags.add('handmade')
  // Sold in several colours on one page: the colours are its options, the category a tag.
  if (group.option === null) tags.add(group.slot.category.name.toLowerCase())
  if (random.chance(0.3)) tags.add('proudly south african')
  if (random.chance(0.12)) tags.add('gift idea')
  return [...tags]
}

function stockFor(random: Random): number {
  const roll = random.next()
  if (roll < 0.08) return 0
  if (roll < 0.2) return random.int(1, 3)
  return random.int(5, 80)
}

export type GenerateOptions = {
  count?: number
  /** The moment the shop is seeded; createdAt spreads over the year before it. */
  now: Date
  seed?: string
}

/**
 * The demo catalogue: `count` products with unique ids and names, the same every run for the same
 * seed and `now`. Product i is the same whatever the count, so the featured products and any id
 * the home page names exist in every catalogue of at least DEFAULT_PRODUCT_COUNT products.
 */
export function generateProducts(options: GenerateOptions): Product[] {
  const count = options.count ?? DEFAULT_PRODUCT_COUNT
  const seed = options.seed ?? DEFAULT_SEED
  const nowMs = options.now.getTime()
  if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be a whole number')
  if (count > MAX_PRODUCT_COUNT) {
    throw new RangeError(`The demo catalogue can make at most ${MAX_PRODUCT_COUNT} products`)
  }

  const products: Product[] = []
  const ids = new Set<string>()
  for (const group of groups()) {
    if (products.length >= count) break
    let name = groupName(group)
    let id = slugify(name)
    for (let n = 2; ids.has(id); n++) {
      name = `${groupName(group)} #${n}`
      id = slugify(name)
    }
    ids.add(id)

    const random = new Random(`${seed}:${id}`)
    const { kind, category } = group.slot
    const makerFactor = group.maker ? 0.85 + random.next() * 0.45 : 1
    const jitter = 0.92 + random.next() * 0.16
    const onSale = random.chance(0.16)
    const saleFactor = 1.15 + random.next() * 0.3
    const createdMs = nowMs - Math.floor(random.next() * 365 * DAY_MS)
    const updatedMs = Math.min(nowMs, createdMs + Math.floor(random.next() * 30 * DAY_MS))
    const imageCount = random.int(2, 4)
    const options = optionsOf(group)
    // Each variant: its size's price and packed weight, its own stock (some sold out), the sale.
    const variants: ProductVariant[] = combinations(options).map((values) => {
      const sizeLabel = kind.sizes.length > 1 ? values.at(-1) : undefined
      const size = kind.sizes.find((s) => sizeValue(s.label) === sizeLabel) ?? kind.sizes[0]!
      const parcel = parcelOf(kind.name, kind.sizes.indexOf(size))
      const own = new Random(`${seed}:${id}:${values.join('/')}`)
      const priceCents = believablePrice(kind.rands * size.factor * makerFactor * jitter, own)
      const was = onSale ? believablePrice((priceCents / 100) * saleFactor, own) : null
      return {
        id: variantIdFor(id, values),
        optionValues: values,
        priceCents,
        compareAtCents: was !== null && was > priceCents ? was : null,
        stock: stockFor(own),
        image: null,
        ...parcel,
      }
    })
    const product: ProductInput = {
      id,
      name,
      description: description(group, random),
      category: category.slug,
      categoryName: category.name,
      tags: tagsFor(group, random),
      ...summarizeVariants(variants),
      options,
      variants,
      images: [],
      featuredRank: null,
      rating: emptyRating(),
      createdAt: new Date(createdMs).toISOString(),
      updatedAt: new Date(updatedMs).toISOString(),
    }
    const pictured = withVariants(product)
    pictured.images = productImages(pictured, imageCount)
    // A product sold in colours shows each colour's own picture when that colour is picked.
    const colourAt = pictured.options.findIndex((option) => option.name === 'Colour')
    if (colourAt !== -1) {
      for (const variant of pictured.variants) {
        variant.image = colourImage(pictured, variant.optionValues[colourAt] as string)
      }
    }
    products.push(pictured)
  }

  markFeatured(products, seed)
  return products
}

/** FEATURED_COUNT in-stock products from the demo-sized prefix, taking categories in turn. */
function markFeatured(products: Product[], seed: string) {
  const random = new Random(`${seed}:featured`)
  const pool = products.slice(0, DEFAULT_PRODUCT_COUNT).filter((p) => p.stock > 0)
  const byCategory = CATEGORY_DEFS.map((c) => pool.filter((p) => p.category === c.slug))
  let rank = 1
  for (let round = 0; rank <= FEATURED_COUNT && round < pool.length; round++) {
    for (const candidates of byCategory) {
      if (rank > FEATURED_COUNT) break
      const free = candidates.filter((p) => p.featuredRank === null)
      if (free.length === 0) continue
      random.pick(free).featuredRank = rank++
    }
  }
}
