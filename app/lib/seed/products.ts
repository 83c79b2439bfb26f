import type { Product, RatingSummary } from '~/lib/data/types'
import { withVariants } from '~/lib/data/variants'

import { CATEGORY_DEFS, type CategoryDef, type Kind } from './catalogue-data'
import { productImages } from '~/lib/images/pictures'
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

function variantsOf({ category, kind }: Slot): number {
  return kind.options.length * kind.sizes.length * (category.makers.length + 1) * COLLECTIONS.length
}

/** How many distinct products the catalogue can make. */
export const MAX_PRODUCT_COUNT = SLOTS.reduce((sum, slot) => sum + variantsOf(slot), 0)

type Variant = {
  slot: Slot
  option: string
  size: string
  sizeFactor: number
  maker: string | null
  collection: string
}

/**
 * Variant t of every kind, for t = 0, 1, 2...: the first products are each kind's first option,
 * then its second, and so on through sizes and makers. The order never depends on how many
 * products are asked for, so a large catalogue starts with the demo one.
 */
function* variants(): Generator<Variant> {
  for (let tier = 0; ; tier++) {
    let any = false
    for (const slot of SLOTS) {
      if (tier >= variantsOf(slot)) continue
      any = true
      const { kind, category } = slot
      const options = kind.options.length
      const sizes = kind.sizes.length
      const size = kind.sizes[Math.floor(tier / options) % sizes] as Kind['sizes'][number]
      const makers = category.makers.length + 1
      const makerIndex = Math.floor(tier / (options * sizes)) % makers
      yield {
        slot,
        option: kind.options[tier % options] as string,
        size: size.label,
        sizeFactor: size.factor,
        maker: makerIndex === 0 ? null : (category.makers[makerIndex - 1] as string),
        collection: COLLECTIONS[Math.floor(tier / (options * sizes * makers))] as string,
      }
    }
    if (!any) return
  }
}

function variantName({ slot, option, size, maker, collection }: Variant): string {
  const base =
    maker && slot.category.makerStyle === 'prefix' ? `${maker} ${slot.kind.name}` : slot.kind.name
  const parts = [option, size, collection].filter(Boolean)
  const name = parts.length ? `${base} – ${parts.join(', ')}` : base
  return maker && slot.category.makerStyle === 'suffix' ? `${name} (${maker})` : name
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

function description(variant: Variant, random: Random): string {
  const { slot, option, size, maker, collection } = variant
  const { category, kind } = slot
  const details = random.sample(category.details, 2).join(' ')
  const facts = [
    option ? `${category.optionLabel ?? 'Option'}: ${option}.` : '',
    size ? `${category.sizeLabel ?? 'Size'}: ${size}.` : '',
    maker ? (category.slug === 'books' ? `${maker}.` : `Made by ${maker}.`) : '',
    collection ? `Part of our ${collection}.` : '',
  ].filter(Boolean)
  return [kind.blurb, details, facts.join(' ')].filter(Boolean).join('\n\n')
}

function tagsFor(variant: Variant, random: Random): string[] {
  const tags = new Set(variant.slot.kind.tags)
  const option = variant.option.toLowerCase()
  if (option && option.length <= 20) tags.add(option)
  if (variant.slot.category.slug === 'crafts') tags.add('handmade')
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
  for (const variant of variants()) {
    if (products.length >= count) break
    let name = variantName(variant)
    let id = slugify(name)
    for (let n = 2; ids.has(id); n++) {
      name = `${variantName(variant)} #${n}`
      id = slugify(name)
    }
    ids.add(id)

    const random = new Random(`${seed}:${id}`)
    const { kind, category } = variant.slot
    const makerFactor = variant.maker ? 0.85 + random.next() * 0.45 : 1
    const jitter = 0.92 + random.next() * 0.16
    const priceCents = believablePrice(
      kind.rands * variant.sizeFactor * makerFactor * jitter,
      random,
    )
    let compareAtCents: number | null = null
    if (random.chance(0.16)) {
      const was = believablePrice((priceCents / 100) * (1.15 + random.next() * 0.3), random)
      compareAtCents = was > priceCents ? was : null
    }
    const createdMs = nowMs - Math.floor(random.next() * 365 * DAY_MS)
    const updatedMs = Math.min(nowMs, createdMs + Math.floor(random.next() * 30 * DAY_MS))
    const imageCount = random.int(2, 5)
    const product: Product = {
      id,
      name,
      description: description(variant, random),
      category: category.slug,
      categoryName: category.name,
      tags: tagsFor(variant, random),
      priceCents,
      compareAtCents,
      stock: stockFor(random),
      options: [],
      variants: [],
      images: [],
      featuredRank: null,
      rating: emptyRating(),
      createdAt: new Date(createdMs).toISOString(),
      updatedAt: new Date(updatedMs).toISOString(),
    }
    product.images = productImages(product, imageCount)
    products.push(withVariants(product))
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
