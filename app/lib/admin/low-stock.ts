import { LOW_STOCK_THRESHOLD } from '~/lib/data/types'

/**
 * What "low stock" means in the back office, in the words the dashboard and the product list
 * both use: a product is low when any one of its variants is at or below the threshold, so a
 * product with plenty in all may still be low (one size nearly gone). Safe on the client.
 */
export const LOW_STOCK_RULE = `${LOW_STOCK_THRESHOLD} or fewer of a variant`

/** "72 low-stock products": the dashboard's figure and the filtered list's count, worded alike. */
export function lowStockCount(products: number): string {
  return `${products} low-stock ${products === 1 ? 'product' : 'products'}`
}

/** A list row's stock note: which share of its variants is low ("low: 2 of 4 variants"). */
export function lowVariantsNote(low: number, variants: number): string | null {
  if (low === 0) return null
  return variants === 1 ? 'low' : `low: ${low} of ${variants} variants`
}
