import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'

import {
  ErrorList,
  Field,
  FormErrors,
  HiddenField,
  TextareaField,
  VALIDATE_ON,
  type FieldMeta,
} from '~/components/forms'
import { useIsPending } from '~/components/use-is-pending'
import { TableScroll } from '~/components/table-scroll'
import type { Category } from '~/lib/admin/product-edit'
import {
  productFormSchema,
  type ProductForm as ProductFormValue,
  type ProductFormInput,
} from '~/lib/admin/product-schema'
import type { ProductEditorView, VariantRow } from '~/lib/admin/products.server'
import { MAX_OPTIONS } from '~/lib/data/variants'
import { centsToRandsString } from '~/lib/money'

const constraint = getZodConstraint(productFormSchema)

const rands = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : centsToRandsString(cents)
const whole = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n))

/** A variant's weight and size as the form's text fields hold them. */
const parcelDefaults = (variant: Partial<VariantRow> | undefined) => ({
  weightGrams: whole(variant?.weightGrams),
  lengthCm: whole(variant?.lengthCm),
  widthCm: whole(variant?.widthCm),
  heightCm: whole(variant?.heightCm),
})

/** What the form opens with: the product as stored, or an empty new product. */
function defaultsOf(product: ProductEditorView | null) {
  const options = product?.options ?? []
  const single = product && options.length === 0 ? product.variants[0] : undefined
  const cheapest = product?.variants.reduce<number | null>(
    (min, v) => (min === null || v.priceCents < min ? v.priceCents : min),
    null,
  )
  return {
    intent: 'save',
    name: product?.name ?? '',
    description: product?.description ?? '',
    category: product?.category ?? '',
    price: single ? rands(single.priceCents) : rands(cheapest),
    compareAtPrice: single ? rands(single.compareAtCents) : '',
    stock: single ? String(single.onHand) : product ? '' : '0',
    ...parcelDefaults(single),
    active: product === null || product.active ? 'on' : '',
    options: Array.from({ length: MAX_OPTIONS }, (_, i) => ({
      name: options[i]?.name ?? '',
      values: options[i]?.values.join(', ') ?? '',
    })),
    variants:
      options.length > 0
        ? (product?.variants ?? []).map((variant) => ({
            id: variant.id,
            price: rands(variant.priceCents),
            compareAtPrice: rands(variant.compareAtCents),
            stock: String(variant.onHand),
            ...parcelDefaults(variant),
          }))
        : [],
  }
}

const heldText = (held: number) =>
  `${held} held by unpaid orders${held > 0 ? ': the stock on hand cannot go below that' : ''}.`

/**
 * The product form of /admin/products/new and /admin/products/:id (docs/contracts.md "Staff back
 * office"): name, description, category, active; price, compare-at price and stock on hand for a
 * product without options; an options editor and, for a product with options, a variants table.
 */
export function ProductForm({
  product,
  categories,
  lastResult,
}: {
  product: ProductEditorView | null
  categories: readonly Category[]
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const [form, fields] = useForm<ProductFormInput, ProductFormValue>({
    id: 'product',
    lastResult,
    defaultValue: defaultsOf(product),
    constraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productFormSchema }),
  })
  const saving = useIsPending({ intent: 'save' })
  const hasOptions = (product?.options.length ?? 0) > 0
  const single = product && !hasOptions ? product.variants[0] : undefined
  const labels = new Map(product?.variants.map((variant) => [variant.id, variant]))
  const { key: categoryKey, ...categoryProps } = getSelectProps(fields.category)
  const { key: activeKey, ...activeProps } = getInputProps(fields.active, { type: 'checkbox' })

  return (
    <Form
      method="post"
      className="form-card"
      aria-labelledby="product-form-title"
      {...getFormProps(form)}
    >
      <h2 id="product-form-title">{product ? 'Details' : 'New product'}</h2>
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="save" />
      <Field meta={fields.name} label="Name" />
      <TextareaField meta={fields.description} label="Description" rows={6} />
      <div className={`field${fields.category.errors?.length ? ' field--invalid' : ''}`}>
        <label htmlFor={fields.category.id}>Category</label>
        <select key={categoryKey} {...categoryProps}>
          <option value="">Choose a category</option>
          {categories.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
        </select>
        <ErrorList id={fields.category.errorId} errors={fields.category.errors} />
      </div>
      <div className="field field--checkbox">
        <label>
          <input key={activeKey} {...activeProps} /> Active: on sale in the shop
        </label>
        <ErrorList id={fields.active.errorId} errors={fields.active.errors} />
      </div>

      <fieldset className="admin-fieldset">
        <legend>{hasOptions ? 'Price of new option combinations' : 'Price and stock'}</legend>
        {hasOptions ? (
          <p className="field__hint">
            Combinations new to the variants table start at this price with no stock.
          </p>
        ) : null}
        <Field
          meta={fields.price}
          label="Price (rands)"
          inputMode="decimal"
          hint="In rands, e.g. 1299.00"
        />
        <Field
          meta={fields.compareAtPrice}
          label="Compare-at price (rands)"
          inputMode="decimal"
          hint="The was-price shown struck through; higher than the price, or empty"
        />
        {hasOptions ? null : (
          <Field
            meta={fields.stock}
            label="Stock on hand"
            inputMode="numeric"
            hint={single ? heldText(single.held) : 'Units you have, e.g. 20'}
          />
        )}
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>
          {hasOptions ? 'Weight and size of new option combinations' : 'Weight and size'}
        </legend>
        <p className="field__hint">
          Packed, for delivery prices. Without a weight the shop&apos;s default weight (set under
          Shipping) is used; the size is optional.
        </p>
        <Field
          meta={fields.weightGrams}
          label="Weight (grams)"
          inputMode="numeric"
          hint="Whole grams, e.g. 250"
        />
        <div className="admin-size">
          <Field meta={fields.lengthCm} label="Length (cm)" inputMode="numeric" />
          <Field meta={fields.widthCm} label="Width (cm)" inputMode="numeric" />
          <Field meta={fields.heightCm} label="Height (cm)" inputMode="numeric" />
        </div>
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>Options</legend>
        <p className="field__hint">
          Up to {MAX_OPTIONS} options, such as Size or Colour, each with its values separated by
          commas. Save to see a row per combination in the variants table.
        </p>
        <ErrorList id={fields.options.errorId} errors={fields.options.errors} />
        {fields.options.getFieldList().map((row, i) => {
          const option = row.getFieldset()
          return (
            <div key={row.key} className="admin-option">
              <Field meta={option.name} label={`Option ${i + 1} name`} />
              <Field meta={option.values} label={`Option ${i + 1} values`} hint="e.g. S, M, L" />
            </div>
          )
        })}
      </fieldset>

      {hasOptions ? (
        <fieldset className="admin-fieldset">
          <legend>Variants</legend>
          <ErrorList id={fields.variants.errorId} errors={fields.variants.errors} />
          <TableScroll label="Variants">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Variant</th>
                  <th scope="col">Price (rands)</th>
                  <th scope="col">Compare-at (rands)</th>
                  <th scope="col">Stock on hand</th>
                  <th scope="col">Weight (g)</th>
                  <th scope="col">Size L × W × H (cm)</th>
                </tr>
              </thead>
              <tbody>
                {fields.variants.getFieldList().map((row) => {
                  const variant = row.getFieldset()
                  const id = String(variant.id.initialValue ?? '')
                  const known = labels.get(id)
                  const label = known?.label || id
                  return (
                    <tr key={row.key}>
                      <th scope="row">
                        {label}
                        <HiddenField meta={variant.id} />
                      </th>
                      <td>
                        <CellInput
                          meta={variant.price}
                          label={`Price of ${label}`}
                          inputMode="decimal"
                        />
                      </td>
                      <td>
                        <CellInput
                          meta={variant.compareAtPrice}
                          label={`Compare-at price of ${label}`}
                          inputMode="decimal"
                        />
                      </td>
                      <td>
                        <CellInput
                          meta={variant.stock}
                          label={`Stock of ${label}`}
                          inputMode="numeric"
                        />
                        {known ? (
                          <p className="field__hint">{known.held} held by unpaid orders</p>
                        ) : null}
                      </td>
                      <td>
                        <CellInput
                          meta={variant.weightGrams}
                          label={`Weight in grams of ${label}`}
                          inputMode="numeric"
                        />
                      </td>
                      <td className="admin-size">
                        <CellInput
                          meta={variant.lengthCm}
                          label={`Length in cm of ${label}`}
                          inputMode="numeric"
                        />
                        <CellInput
                          meta={variant.widthCm}
                          label={`Width in cm of ${label}`}
                          inputMode="numeric"
                        />
                        <CellInput
                          meta={variant.heightCm}
                          label={`Height in cm of ${label}`}
                          inputMode="numeric"
                        />
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </TableScroll>
        </fieldset>
      ) : null}

      <div className="form-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : product ? 'Save product' : 'Create product'}
        </button>
      </div>
    </Form>
  )
}

/** An input in a table cell: its label read by screen readers, its errors under it. */
function CellInput({
  meta,
  label,
  inputMode,
}: {
  meta: FieldMeta
  label: string
  inputMode: 'decimal' | 'numeric'
}) {
  const { key, ...props } = getInputProps(meta, { type: 'text' })
  return (
    <div className={`field${meta.errors?.length ? ' field--invalid' : ''}`}>
      <label htmlFor={meta.id} className="visually-hidden">
        {label}
      </label>
      <input key={key} {...props} inputMode={inputMode} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}
