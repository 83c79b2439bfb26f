import type { Product } from '~/lib/data/types'

/** The catalogue's sort options (docs/contracts.md), in the order the sort menu lists them. */
export const SORT_OPTIONS = [
  'featured',
  'newest',
  'price-asc',
  'price-desc',
  'rating',
  'name',
] as const
export type SortOption = (typeof SORT_OPTIONS)[number]
export const DEFAULT_SORT: SortOption = 'featured'

export const SORT_LABELS: Record<SortOption, string> = {
  featured: 'Featured',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  rating: 'Top rated',
  name: 'Name (A-Z)',
}

export type SortField = 'featuredRank' | 'createdAt' | 'priceCents' | 'ratingAverage' | 'name'
export type SortDirection = 'asc' | 'desc'
export type SortSpec = { field: SortField; direction: SortDirection }

const SPECS: Record<SortOption, SortSpec> = {
  featured: { field: 'featuredRank', direction: 'asc' },
  newest: { field: 'createdAt', direction: 'desc' },
  'price-asc': { field: 'priceCents', direction: 'asc' },
  'price-desc': { field: 'priceCents', direction: 'desc' },
  rating: { field: 'ratingAverage', direction: 'desc' },
  name: { field: 'name', direction: 'asc' },
}

function isSortOption(value: unknown): value is SortOption {
  return typeof value === 'string' && (SORT_OPTIONS as readonly string[]).includes(value)
}

/** The field and direction a sort option orders by; anything unknown falls back to `featured`. */
export function sortSpec(option: string | null | undefined): SortSpec {
  return SPECS[isSortOption(option) ? option : DEFAULT_SORT]
}

export type SortableProduct = Pick<
  Product,
  'id' | 'name' | 'priceCents' | 'featuredRank' | 'createdAt' | 'rating'
>

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

function ratingAverage(p: SortableProduct): number {
  // Unrated products sort below every rated one, whatever the direction's tie-breaks.
  return p.rating.count > 0 ? p.rating.sum / p.rating.count : -1
}

function primary(field: SortField, a: SortableProduct, b: SortableProduct): number {
  switch (field) {
    case 'featuredRank': {
      // Featured products (a rank) come first in rank order; the rest follow.
      const ra = a.featuredRank ?? Number.POSITIVE_INFINITY
      const rb = b.featuredRank ?? Number.POSITIVE_INFINITY
      return ra === rb ? 0 : ra < rb ? -1 : 1
    }
    case 'createdAt':
      return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0
    case 'priceCents':
      return a.priceCents - b.priceCents
    case 'ratingAverage':
      return ratingAverage(a) - ratingAverage(b)
    case 'name':
      return collator.compare(a.name, b.name)
  }
}

/**
 * A total order for a sort option: its field and direction first, then tie-breaks that do not
 * flip with the direction (more reviews, newer, name, id), so equal keys never shuffle between
 * requests or pages.
 */
export function compareProducts(
  option: SortOption,
): (a: SortableProduct, b: SortableProduct) => number {
  const { field, direction } = sortSpec(option)
  const sign = direction === 'asc' ? 1 : -1
  return (a, b) => {
    const first = sign * primary(field, a, b)
    if (first !== 0) return first
    if (field === 'ratingAverage' || field === 'featuredRank') {
      const reviews = b.rating.count - a.rating.count
      if (reviews !== 0) return reviews
    }
    if (field !== 'createdAt') {
      const newer = primary('createdAt', b, a)
      if (newer !== 0) return newer
    }
    if (field !== 'name') {
      const byName = collator.compare(a.name, b.name)
      if (byName !== 0) return byName
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
  }
}

/** Whether a product change moves it in the given sort (so a precomputed order must be rebuilt). */
export function sortKeyChanged(
  option: SortOption,
  before: SortableProduct,
  after: SortableProduct,
): boolean {
  return compareProducts(option)(before, after) !== 0 || before.rating.count !== after.rating.count
}
