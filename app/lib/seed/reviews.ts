import type { Product, Review } from '~/lib/data/types'

import { pictureKind } from '~/lib/images/pictures'
import { Random } from '~/lib/random'
import { DEFAULT_SEED } from './products'
import { reviewAuthorName, type DemoUser } from './users'

/** What the seed hands reviews.upsert. */
export type ReviewSeed = Omit<Review, 'id' | 'hidden' | 'createdAt' | 'updatedAt'>

/** Above this many products, only a spread subset of about this many gets reviews. */
export const MAX_REVIEWED_PRODUCTS = 1000
export const MAX_REVIEWS_PER_PRODUCT = 8

type Rating = Review['rating']

const TITLES: Record<Rating, readonly string[]> = {
  5: [
    'Absolutely lekker',
    'Love it!',
    'Worth every cent',
    'Just like my ouma’s',
    'Perfect gift',
    'Excellent quality',
    'Will buy again',
    'Five stars from me',
    'Beautiful',
    'Better than expected',
  ],
  4: ['Very good', 'Really nice', 'Happy with it', 'Good value', 'Almost perfect', 'Solid buy'],
  3: ['It’s okay', 'Decent', 'Not bad', 'Average', 'Mixed feelings'],
  2: ['Disappointed', 'Not for me', 'Expected more', 'Quality could be better'],
  1: ['Not happy', 'Arrived damaged', 'Would not recommend'],
}

const OPENERS: Record<Rating, readonly string[]> = {
  5: [
    'Bought the {item} for my mom and she has not stopped talking about it.',
    'Arrived in {city} within three days, beautifully wrapped.',
    'This is my third order of the {item}. Highly recommended!',
    'Exactly as pictured and the quality is excellent.',
    'Sent one to my sister in London and she cried a little. A real taste of home.',
    'Lekker! Made right here in South Africa and you can tell.',
  ],
  4: [
    'Really happy with the {item}, just a little pricier than I hoped.',
    'Good quality and quick delivery to {city}.',
    'Nice product. I would have liked more options, but I will order again.',
    'Does exactly what it says. Packaging could be a bit sturdier.',
  ],
  3: [
    'The {item} is fine, nothing special.',
    'It is okay, but delivery to {city} took almost two weeks.',
    'Decent, though smaller than I expected from the pictures.',
  ],
  2: [
    'The {item} did not live up to the description.',
    'Took a long time to arrive and was not quite what I expected.',
  ],
  1: [
    'The parcel arrived damaged and I had to wait for a replacement.',
    'Not what I ordered. Customer service did sort it out eventually.',
  ],
}

const CATEGORY_NOTES: Record<string, readonly string[]> = {
  pantry: [
    'Tastes like proper home cooking.',
    'Went straight into Sunday’s potjie.',
    'Good heat without being silly.',
  ],
  'tea-coffee': [
    'My morning cup is sorted.',
    'Smells amazing when you open the tin.',
    'Smooth and not bitter at all.',
  ],
  homeware: [
    'Looks stunning in our lounge.',
    'The colours are even better in real life.',
    'Washed well so far.',
  ],
  crafts: [
    'You can see the hours of work in it.',
    'The card about the maker was a lovely touch.',
    'Gets compliments every time.',
  ],
  apparel: ['Fits true to size.', 'Comfortable and well made.', 'The fabric is lovely and thick.'],
  beauty: [
    'My skin feels so soft.',
    'A little goes a long way.',
    'The scent is gentle, not overpowering.',
  ],
  books: [
    'The recipes actually work.',
    'Beautiful photographs throughout.',
    'My kids ask for it every night.',
  ],
  braai: [
    'Survived a whole December of braais.',
    'Heavy and solid, built to last.',
    'My father-in-law approves.',
  ],
}

function fill(template: string, item: string, city: string) {
  return template.replace('{item}', item).replace('{city}', city)
}

/** The products that get reviews: all of them, or a spread subset of a large catalogue. */
export function reviewedProducts(products: readonly Product[]): Product[] {
  if (products.length <= MAX_REVIEWED_PRODUCTS) return products.slice()
  const step = products.length / MAX_REVIEWED_PRODUCTS
  const picked: Product[] = []
  for (let i = 0; i < MAX_REVIEWED_PRODUCTS; i++) {
    picked.push(products[Math.floor(i * step)] as Product)
  }
  return picked
}

/**
 * 0-8 reviews per reviewed product from distinct demo customers, ratings skewed positive (a few
 * products are merely average), deterministic for a seed. Grouped by product, in product order.
 */
export function generateReviews(
  products: readonly Product[],
  users: readonly DemoUser[],
  options: { seed?: string } = {},
): ReviewSeed[] {
  const seed = options.seed ?? DEFAULT_SEED
  const reviews: ReviewSeed[] = []
  for (const product of reviewedProducts(products)) {
    const random = new Random(`${seed}:reviews:${product.id}`)
    const count = random.weighted([12, 8, 10, 12, 14, 14, 12, 10, 8])
    const mediocre = random.chance(0.15)
    const weights = mediocre ? [8, 14, 32, 32, 14] : [2, 4, 10, 32, 52]
    const item = (pictureKind(product)?.name ?? product.name).toLowerCase()
    const notes = CATEGORY_NOTES[product.category] ?? []
    for (const user of random.sample(users, Math.min(count, MAX_REVIEWS_PER_PRODUCT))) {
      const rating = (random.weighted(weights) + 1) as Rating
      const city = user.address?.city ?? 'Johannesburg'
      const sentences = [fill(random.pick(OPENERS[rating]), item, city)]
      if (rating >= 4 && notes.length && random.chance(0.7)) sentences.push(random.pick(notes))
      reviews.push({
        productId: product.id,
        userId: user.id,
        authorName: reviewAuthorName(user),
        rating,
        title: random.pick(TITLES[rating]),
        body: sentences.join(' '),
      })
    }
  }
  return reviews
}
