import { centsToRandsString } from '~/lib/money'

/**
 * JSON for an inline `<script type="application/ld+json">`. JSON.stringify alone is not safe
 * there: a product text containing `</script>` would end the script element, and U+2028/U+2029
 * break older JavaScript parsers. Escaping `<`, `>`, `&` and both separators as \uXXXX keeps the
 * JSON identical in meaning and makes the tag impossible to break out of.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

export type JsonLdProductInput = {
  id: string
  name: string
  description: string
  priceCents: number
  stock: number
  categoryName: string
  images: readonly { url: string }[]
  rating: { count: number; average: number | null }
}

/** An absolute URL for a path or URL, against the shop's public base URL. */
export function absoluteUrl(pathOrUrl: string, appUrl: string): string {
  return new URL(pathOrUrl, `${appUrl.replace(/\/+$/, '')}/`).toString()
}

/** schema.org Product data for a product page (DESIGN.md): sku = id, price in rands, ZAR. */
export function productJsonLd(
  product: JsonLdProductInput,
  appUrl: string,
): Record<string, unknown> {
  const url = absoluteUrl(`/shop/${encodeURIComponent(product.id)}`, appUrl)
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: product.name,
    sku: product.id,
    description: product.description,
    category: product.categoryName,
    url,
    image: product.images.map((image) => absoluteUrl(image.url, appUrl)),
    brand: { '@type': 'Brand', name: 'Karoo & Co.' },
    offers: {
      '@type': 'Offer',
      url,
      price: centsToRandsString(product.priceCents),
      priceCurrency: 'ZAR',
      availability:
        product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(product.rating.count > 0 && product.rating.average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.average,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  }
}
