import type { ProductImage } from '~/lib/data/types'

/**
 * `srcset` and `sizes` for product pictures (the pages' side of docs/contracts.md "Product
 * images"): the browser picks the narrowest stored rendition that fills the slot at the screen's
 * pixel density.
 */

/** "url 320w, url 640w, …" from a stored image's renditions; undefined for a picture kept elsewhere. */
export function srcSet(image: Pick<ProductImage, 'variants'>): string | undefined {
  const variants = image.variants ?? []
  return variants.length ? variants.map((v) => `${v.url} ${v.width}w`).join(', ') : undefined
}

/** How wide each slot is drawn (app/styles/catalog.css, buying.css), for `sizes`. */
export const IMAGE_SIZES = {
  /** .product-grid: two columns, three from 720px, four from 1100px in a 72rem container. */
  card: '(min-width: 1100px) 17rem, (min-width: 720px) 33vw, 50vw',
  /** .product-page__top: the gallery takes 1.1 of 2.1 columns from 900px, the full width below. */
  gallery: '(min-width: 1152px) 38rem, (min-width: 900px) 52vw, 100vw',
  /** .gallery__thumbnail */
  thumbnail: '4.5rem',
  /** .cart-line__image */
  cartLine: '6rem',
} as const

/**
 * `fetchpriority="high"`, spread onto the one picture a page needs first. React 18 does not know
 * the camel-cased `fetchPriority` prop (it warns and drops it) but passes a lower-case attribute on.
 */
export const FETCH_FIRST: Record<string, string> = { fetchpriority: 'high' }
