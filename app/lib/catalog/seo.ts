import type { Product } from '~/lib/data/types'

import { absoluteUrl, productJsonLd, serializeJsonLd } from './json-ld'
import type { ProductStatistics } from './statistics'

/** What a product page's meta tags and JSON-LD need: its canonical URL, first picture and Product data. */
export type ProductSeo = {
  canonical: string
  image: { url: string; width: number; height: number; alt: string } | null
  jsonLd: string
}

export function productSeo(
  product: Product,
  statistics: Pick<ProductStatistics, 'count' | 'average'>,
  appUrl: string,
  /** The variant the page shows; the JSON-LD follows it. */
  selectedVariantId?: string | null,
): ProductSeo {
  const image = product.images[0]
  return {
    canonical: absoluteUrl(`/shop/${encodeURIComponent(product.id)}`, appUrl),
    image: image
      ? {
          url: absoluteUrl(image.url, appUrl),
          width: image.width,
          height: image.height,
          alt: image.alt,
        }
      : null,
    jsonLd: serializeJsonLd(
      productJsonLd(
        { ...product, rating: { count: statistics.count, average: statistics.average } },
        appUrl,
        selectedVariantId,
      ),
    ),
  }
}

/** The first `max` characters of a text, flattened and cut at a word: a meta description. */
export function summarise(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  return `${flat.slice(0, flat.lastIndexOf(' ', max - 1)).replace(/[,.;:]$/, '')}…`
}
