import { z } from 'zod'

import { MAX_OPTIONS, MAX_VARIANTS } from '~/lib/data/variants'
import {
  checkbox,
  compareAtPrice,
  optionalText,
  price,
  randsAmount,
  requiredText,
  stock,
  variantId,
} from '~/lib/fields'
import { checkAllSides, parcelFields } from '~/lib/shipping/fields'

/**
 * The back office's product form (docs/contracts.md "Staff back office"): one schema, its intents
 * told apart by `intent`. Plain zod, so conform checks the same rules in the browser.
 */

export const PRODUCT_NAME_MAX = 120
export const PRODUCT_DESCRIPTION_MAX = 5000
export const OPTION_NAME_MAX = 30
export const OPTION_VALUES_MAX = 600
export const ALT_MAX = 200

export const COMPARE_AT_ABOVE_PRICE =
  'The compare-at price must be higher than the price, or left empty'

/** One option's name as the editor takes it. */
export const optionName = optionalText('the option name', OPTION_NAME_MAX)

/** One row of the options editor: a name and its values, comma-separated; both blank is no option. */
const optionRow = z.object({
  name: optionName,
  values: optionalText('the values', OPTION_VALUES_MAX),
})

/** One row of the variants table; `id` (hidden) says which combination of values it prices. */
const variantRow = z
  .object({
    id: variantId,
    price: randsAmount('price'),
    compareAtPrice,
    stock,
    ...parcelFields,
  })
  // Here, not on the whole form, so a row is checked even while another row has errors.
  .superRefine((row, ctx) => {
    if (row.compareAtPrice !== null && row.compareAtPrice <= row.price) {
      ctx.addIssue({ code: 'custom', path: ['compareAtPrice'], message: COMPARE_AT_ABOVE_PRICE })
    }
    checkAllSides(row, ctx)
  })

/**
 * The product's own fields, by their form names: shared with the CSV import
 * (app/lib/csv/import-schema.ts), so a row's errors read as the editor's do.
 */
export const productTextFields = {
  name: requiredText('product name', PRODUCT_NAME_MAX, 'Enter the product name'),
  description: requiredText(
    'description',
    PRODUCT_DESCRIPTION_MAX,
    'Describe the product for the shop',
  ),
  category: z
    .string({ required_error: 'Choose a category', invalid_type_error: 'Choose a category' })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'Choose a category from the list'),
}

const save = z.object({
  intent: z.literal('save'),
  ...productTextFields,
  // Without options these are the product's one variant; with options, the price of combinations
  // new to the table (their stock starts at 0).
  price: price.optional(),
  compareAtPrice,
  stock: stock.optional(),
  // Without options the weight and size of the one variant; with options, of new combinations.
  ...parcelFields,
  active: checkbox,
  options: z
    .array(optionRow.optional())
    .max(MAX_OPTIONS, `A product has at most ${MAX_OPTIONS} options`)
    .optional()
    .transform((rows) => rows ?? []),
  variants: z
    .array(variantRow)
    .max(MAX_VARIANTS, `A product has at most ${MAX_VARIANTS} variants`)
    .optional()
    .transform((rows) => rows ?? []),
})

/** A picture of the product: the image store's id for it, or its URL for one kept elsewhere. */
const imageId = z
  .string({ required_error: 'Choose a picture', invalid_type_error: 'Choose a picture' })
  .trim()
  .min(1, 'Choose a picture')
  .max(2000, 'Choose a picture of this product')

const imageAdd = z.object({
  intent: z.literal('image-add'),
  image: z.instanceof(File, { message: 'Choose a photo to upload' }),
  alt: requiredText(
    'description of the photo',
    ALT_MAX,
    'Describe the photo for shoppers who cannot see it',
  ),
})

const imageRemove = z.object({ intent: z.literal('image-remove'), imageId })

const imageMove = z.object({
  intent: z.literal('image-move'),
  imageId,
  direction: z.enum(['up', 'down'], {
    errorMap: () => ({ message: 'Move the picture up or down' }),
  }),
})

export const productFormSchema = z
  .discriminatedUnion('intent', [save, imageAdd, imageRemove, imageMove], {
    errorMap: () => ({ message: 'Use one of the buttons on the page' }),
  })
  .superRefine((form, ctx) => {
    if (form.intent !== 'save') return
    checkAllSides(form, ctx)
    const hasOptions = form.options.some((row) => row?.name || row?.values)
    if (!hasOptions) {
      if (form.price === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['price'],
          message: 'Enter the price in rands, e.g. 1299.00',
        })
      }
      if (form.stock === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['stock'],
          message: 'Enter the stock on hand as a whole number, 0 or more',
        })
      }
    }
    if (
      form.price !== undefined &&
      form.compareAtPrice !== null &&
      form.compareAtPrice <= form.price
    ) {
      ctx.addIssue({ code: 'custom', path: ['compareAtPrice'], message: COMPARE_AT_ABOVE_PRICE })
    }
  })

export type ProductFormInput = z.input<typeof productFormSchema>
export type ProductForm = z.output<typeof productFormSchema>
export type ProductSaveForm = Extract<ProductForm, { intent: 'save' }>
