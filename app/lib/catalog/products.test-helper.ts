import type { Product } from '~/lib/data/types'
import { withVariants, type ProductInput } from '~/lib/data/variants'

/** A complete product for catalogue tests; override only what a test is about. */
export function makeProduct(overrides: Partial<ProductInput> & Pick<Product, 'id'>): Product {
  return withVariants({
    name: `Product ${overrides.id}`,
    description: 'A plain thing for everyday use.',
    category: 'home',
    categoryName: 'Home',
    tags: [],
    priceCents: 10000,
    compareAtCents: null,
    stock: 10,
    images: [
      {
        url: `/images/products/${overrides.id}-1.svg`,
        alt: `Product ${overrides.id}`,
        width: 800,
        height: 800,
      },
    ],
    featuredRank: null,
    rating: { count: 0, sum: 0, distribution: [0, 0, 0, 0, 0] },
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  })
}

/** A rating summary from individual star ratings. */
export function ratingOf(...stars: (1 | 2 | 3 | 4 | 5)[]): Product['rating'] {
  const distribution: Product['rating']['distribution'] = [0, 0, 0, 0, 0]
  for (const s of stars) distribution[s - 1] = (distribution[s - 1] ?? 0) + 1
  return { count: stars.length, sum: stars.reduce((a, b) => a + b, 0), distribution }
}
