import { z } from 'zod'

import { COMPARE_AT_ABOVE_PRICE, productTextFields } from '~/lib/admin/product-schema'
import { compareAtPrice, price, requiredText, stock, VARIANT_ID_PATTERN } from '~/lib/fields'
import { checkAllSides, parcelFields } from '~/lib/shipping/fields'

import type { ProductColumn } from './product-columns'

/**
 * The rules a CSV row is judged by: the product editor's own field schemas
 * (app/lib/admin/product-schema.ts, app/lib/fields.ts, app/lib/shipping/fields.ts), so a row's
 * errors read as the editor's do, each named by its column. Blank cells reach zod as `undefined`,
 * as conform hands the editor's empty fields, so required fields say what to write.
 */

/** A products-file row, by the editor's field names. */
export const productRowSchema = z
  .object({
    ...productTextFields,
    price,
    compareAtPrice,
    stock,
    ...parcelFields,
  })
  .superRefine((row, ctx) => {
    if (row.compareAtPrice !== null && row.compareAtPrice <= row.price) {
      ctx.addIssue({ code: 'custom', path: ['compareAtPrice'], message: COMPARE_AT_ABOVE_PRICE })
    }
    checkAllSides(row, ctx)
  })

/** A stock-file row. */
export const stockRowSchema = z.object({
  sku: z
    .string()
    .trim()
    .min(1, 'Enter the sku: the variant’s id, as the products export writes it')
    .regex(
      VARIANT_ID_PATTERN,
      'Write the sku as the products export does, e.g. rooibos-tea--250-g',
    ),
  stock,
})

/** A new category's name, when the file brings one the shop does not have yet. */
export const categoryName = requiredText(
  'category name',
  60,
  'Name the new category in category_name, e.g. Pantry',
)

/** The editor's field names as the file's columns. */
export const COLUMN_OF_FIELD: Record<string, ProductColumn> = {
  name: 'name',
  description: 'description',
  category: 'category',
  price: 'price',
  compareAtPrice: 'compare_at_price',
  stock: 'stock',
  weightGrams: 'weight_grams',
  lengthCm: 'length_cm',
  widthCm: 'width_cm',
  heightCm: 'height_cm',
  sku: 'sku',
}

/** `/admin/import`'s form: the file, and for `apply` the hash of the file its dry run read. */
const file = z.instanceof(File, { message: 'Choose the CSV file to import' })
export const importFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('preview'), file }),
    z.object({
      intent: z.literal('apply'),
      file,
      hash: z
        .string({ required_error: 'Preview the file first, then apply it' })
        .regex(/^[a-f0-9]{64}$/, 'Preview the file first, then apply it'),
    }),
  ],
  { errorMap: () => ({ message: 'Use one of the buttons on the page' }) },
)

export type ImportForm = z.output<typeof importFormSchema>
