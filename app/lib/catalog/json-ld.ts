import type { ProductVariant } from '~/lib/data/types'
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
  /** With options the product is a ProductGroup of its variants; without, a plain Product. */
  options?: readonly { name: string }[]
  variants?: readonly Pick<
    ProductVariant,
    'id' | 'optionValues' | 'priceCents' | 'stock' | 'image'
  >[]
}

/** schema.org's own properties for the options it knows; any other option varies by its name. */
const VARIES_BY: Record<string, { term: string; property: string }> = {
  size: { term: 'https://schema.org/size', property: 'size' },
  colour: { term: 'https://schema.org/color', property: 'color' },
  color: { term: 'https://schema.org/color', property: 'color' },
  material: { term: 'https://schema.org/material', property: 'material' },
  pattern: { term: 'https://schema.org/pattern', property: 'pattern' },
}

function offer(url: string, priceCents: number, stock: number) {
  return {
    '@type': 'Offer',
    url,
    price: centsToRandsString(priceCents),
    priceCurrency: 'ZAR',
    availability: stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
  }
}

/** An absolute URL for a path or URL, against the shop's public base URL. */
export function absoluteUrl(pathOrUrl: string, appUrl: string): string {
  return new URL(pathOrUrl, `${appUrl.replace(/\/+$/, '')}/`).toString()
}

/**
 * schema.org data for a product page (docs/contracts.md): a Product (sku = id, price in rands,
 * ZAR), or for a product with options a ProductGroup that `variesBy` them and lists each variant in
 * `hasVariant` as a Product with sku = variant id and its own Offer. The selected variant comes
 * first and the group's `url` is its page, so the data follows what the shopper picked.
 */
export function productJsonLd(
  product: JsonLdProductInput,
  appUrl: string,
  selectedVariantId?: string | null,
): Record<string, unknown> {
  const url = absoluteUrl(`/shop/${encodeURIComponent(product.id)}`, appUrl)
  const common = {
    '@context': 'https://schema.org',
    name: product.name,
    description: product.description,
    category: product.categoryName,
    image: product.images.map((image) => absoluteUrl(image.url, appUrl)),
    brand: { '@type': 'Brand', name: 'Karoo & Co.' },
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
  const options = product.options ?? []
  if (options.length === 0 || !product.variants?.length) {
    return {
      ...common,
      '@type': 'Product',
      '@id': url,
      sku: product.id,
      url,
      offers: offer(url, product.priceCents, product.stock),
    }
  }
  const kinds = options.map((option) => VARIES_BY[option.name.toLowerCase()])
  const variantUrl = (id: string) => `${url}?variant=${encodeURIComponent(id)}`
  const variants = [...product.variants].sort(
    (a, b) => Number(b.id === selectedVariantId) - Number(a.id === selectedVariantId),
  )
  const selected = variants[0]?.id === selectedVariantId ? selectedVariantId : null
  return {
    ...common,
    '@type': 'ProductGroup',
    '@id': url,
    productGroupID: product.id,
    url: selected ? variantUrl(selected) : url,
    variesBy: options.map((option, i) => kinds[i]?.term ?? option.name),
    hasVariant: variants.map((variant) => {
      const named = Object.fromEntries(
        variant.optionValues.flatMap((value, i) => {
          const kind = kinds[i]
          return kind ? [[kind.property, value]] : []
        }),
      )
      return {
        '@type': 'Product',
        sku: variant.id,
        name: `${product.name} (${variant.optionValues
          .map((value, i) => `${options[i]?.name}: ${value}`)
          .join(', ')})`,
        url: variantUrl(variant.id),
        ...(variant.image ? { image: absoluteUrl(variant.image.url, appUrl) } : {}),
        ...named,
        ...(kinds.some((kind) => !kind)
          ? {
              additionalProperty: variant.optionValues.flatMap((value, i) =>
                kinds[i] ? [] : [{ '@type': 'PropertyValue', name: options[i]?.name, value }],
              ),
            }
          : {}),
        offers: offer(variantUrl(variant.id), variant.priceCents, variant.stock),
      }
    }),
  }
}
