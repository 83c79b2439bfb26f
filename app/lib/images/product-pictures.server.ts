import { catalog } from '~/lib/catalog/products.server'

import { parseProductImageFile } from './pictures'
import { renderProductSvg } from './product-svg.server'

/**
 * The SVG for `/images/products/<productId>-<n>.svg`, drawn from the product; null when the name
 * is not one of ours, the product is unknown or it has fewer pictures.
 */
export async function productPictureSvg(file: string): Promise<string | null> {
  const parsed = parseProductImageFile(file)
  if (!parsed) return null
  const product = await catalog.product(parsed.productId)
  if (!product || parsed.n > Math.max(product.images.length, 1)) return null
  return renderProductSvg(product, parsed.n)
}
