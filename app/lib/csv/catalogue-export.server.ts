import type { Store } from '~/lib/data/store'
import type { Product } from '~/lib/data/types'

import { rands, type CsvExport, type CsvValue, type Exporter } from './export.server'
import { PRODUCT_COLUMNS, TAG_SEPARATOR, type ProductColumn } from './product-columns'

/**
 * The products export (`/admin/export/products.csv`): every product, active or not, by name, one
 * row per variant with the product's own fields repeated and its stock as units on hand (held
 * ones included, as the product editor shows it), so the file can be edited and imported back
 * (app/lib/csv/import.server.ts). The catalogue as it is now: the period is not used. Read
 * PRODUCTS_PAGE products at a time; the held stock is read once, at the start.
 */

export const PRODUCTS_PAGE = 200

/** A product's rows, in the columns' order. */
export function productRows(
  product: Product,
  held: Readonly<Record<string, number>>,
): CsvValue[][] {
  return product.variants.map((variant) => {
    const cells: Record<ProductColumn, CsvValue> = {
      product_id: product.id,
      sku: variant.id,
      name: product.name,
      description: product.description,
      category: product.category,
      category_name: product.categoryName,
      tags: product.tags.join(TAG_SEPARATOR),
      active: product.active ? 'yes' : 'no',
      option1_name: product.options[0]?.name ?? null,
      option1_value: variant.optionValues[0] ?? null,
      option2_name: product.options[1]?.name ?? null,
      option2_value: variant.optionValues[1] ?? null,
      option3_name: product.options[2]?.name ?? null,
      option3_value: variant.optionValues[2] ?? null,
      price: rands(variant.priceCents),
      compare_at_price: variant.compareAtCents === null ? null : rands(variant.compareAtCents),
      stock: variant.stock + (held[variant.id] ?? 0),
      weight_grams: variant.weightGrams,
      length_cm: variant.lengthCm ?? null,
      width_cm: variant.widthCm ?? null,
      height_cm: variant.heightCm ?? null,
    }
    return PRODUCT_COLUMNS.map((column) => cells[column])
  })
}

async function* catalogueRows(store: Store): AsyncIterable<CsvValue[]> {
  const held = await store.products.allHeldStock()
  for (let offset = 0; ; offset += PRODUCTS_PAGE) {
    const page = await store.products.list({ offset, limit: PRODUCTS_PAGE })
    for (const product of page.items) yield* productRows(product, held)
    if (page.items.length < PRODUCTS_PAGE) return
  }
}

export const productsExport: Exporter = (store): CsvExport => ({
  filename: 'products.csv',
  columns: PRODUCT_COLUMNS,
  rows: catalogueRows(store),
})
