/**
 * The columns of the products CSV, in the order the export writes them: one row per variant, the
 * product's own fields repeated on each of its rows, stock as units on hand (held ones included,
 * as the product editor shows it). The import reads the same file back (docs/contracts.md "CSV
 * import").
 */
export const PRODUCT_COLUMNS = [
  'product_id',
  'sku',
  'name',
  'description',
  'category',
  'category_name',
  'tags',
  'active',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'price',
  'compare_at_price',
  'stock',
  'weight_grams',
  'length_cm',
  'width_cm',
  'height_cm',
] as const

export type ProductColumn = (typeof PRODUCT_COLUMNS)[number]

/** A products file must name these; the others may be left out (then kept as stored). */
export const REQUIRED_PRODUCT_COLUMNS: readonly ProductColumn[] = [
  'product_id',
  'name',
  'description',
  'category',
  'price',
  'stock',
]

/** The stock-only file: exactly these two columns. */
export const STOCK_COLUMNS = ['sku', 'stock'] as const

/** Headers people write for pictures: refused with a message, since pictures are never fetched. */
export const IMAGE_COLUMNS = new Set([
  'image',
  'images',
  'image_url',
  'image_urls',
  'image_src',
  'photo',
  'photos',
  'picture',
])

/** `option{n}_name` and `option{n}_value` for options 1 to 3. */
export const OPTION_COLUMNS = [
  ['option1_name', 'option1_value'],
  ['option2_name', 'option2_value'],
  ['option3_name', 'option3_value'],
] as const

/** How the export writes `active` and the import reads it (yes/no; true/false and 1/0 too). */
export const ACTIVE_WORDS = {
  yes: true,
  true: true,
  '1': true,
  no: false,
  false: false,
  '0': false,
}

/** Tags in one cell, comma-separated. */
export const TAG_SEPARATOR = ', '
