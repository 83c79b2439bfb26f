import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'

import {
  ErrorList,
  ErrorSummary,
  Field,
  FormErrors,
  TextareaField,
  VALIDATE_ON,
} from '~/components/forms'
import { useIsPending } from '~/components/use-is-pending'
import type { Category } from '~/lib/admin/product-edit'
import { PROVINCES } from '~/lib/data/types'
import { discountFormValues } from '~/lib/admin/promotions'
import { discountFormSchema } from '~/lib/promotions/fields'
import type { Discount, DiscountKind } from '~/lib/promotions/types'

const constraint = getZodConstraint(discountFormSchema)

const KINDS: { value: DiscountKind; label: string }[] = [
  { value: 'percent', label: 'A percent off the items' },
  { value: 'amount', label: 'An amount off the order (rands)' },
  { value: 'free_shipping', label: 'Free delivery' },
]

/**
 * The discount form of /admin/discounts/new and /admin/discounts/:id (docs/contracts.md
 * "Promotions and gift cards"): a code, or an automatic offer without one; its kind and value,
 * minimum spend, scope, dates in South African time, limits, and whether it is on.
 */
export function DiscountForm({
  discount,
  categories,
  lastResult,
}: {
  discount: Discount | null
  categories: readonly Category[]
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const [form, fields] = useForm({
    id: 'discount',
    lastResult,
    defaultValue: discountFormValues(discount),
    constraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: discountFormSchema }),
  })
  const saving = useIsPending({ intent: 'save' })
  const { key: automaticKey, ...automaticProps } = getInputProps(fields.automatic, {
    type: 'checkbox',
  })
  const { key: activeKey, ...activeProps } = getInputProps(fields.active, { type: 'checkbox' })

  return (
    <Form
      method="post"
      className="form-card"
      aria-labelledby="discount-form-title"
      {...getFormProps(form)}
    >
      <h2 id="discount-form-title">{discount ? 'Details' : 'New discount'}</h2>
      <ErrorSummary form={form} />
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="save" />
      <Field
        meta={fields.code}
        label="Code"
        hint="What shoppers type, e.g. SUMMER10 (any case); empty for an automatic offer"
        autoCapitalize="characters"
      />
      <div className="field field--checkbox">
        <label>
          <input key={automaticKey} {...automaticProps} /> Automatic: applies without a code
        </label>
        <ErrorList id={fields.automatic.errorId} errors={fields.automatic.errors} />
      </div>

      <fieldset className={`field${fields.kind.errors?.length ? ' field--invalid' : ''}`}>
        <legend>Kind</legend>
        {getCollectionProps(fields.kind, {
          type: 'radio',
          options: KINDS.map((kind) => kind.value),
        }).map(({ key, ...radio }) => (
          <label key={key}>
            <input {...radio} /> {KINDS.find((kind) => kind.value === radio.value)?.label}
          </label>
        ))}
        <ErrorList id={fields.kind.errorId} errors={fields.kind.errors} />
      </fieldset>
      <Field
        meta={fields.value}
        label="Value"
        inputMode="decimal"
        hint="A percent: a whole number, e.g. 10. An amount: rands, e.g. 50.00. Free delivery: leave it empty"
      />
      <Field
        meta={fields.minSpend}
        label="Minimum spend (rands)"
        inputMode="decimal"
        hint="The items it is for must come to this, e.g. 300.00; empty for none"
      />

      <fieldset className="admin-fieldset">
        <legend>What it is for</legend>
        <p className="field__hint">Nothing ticked and no products: the whole cart.</p>
        <fieldset
          className={`field admin-provinces${fields.categories.errors?.length ? ' field--invalid' : ''}`}
        >
          <legend>Categories</legend>
          {getCollectionProps(fields.categories, {
            type: 'checkbox',
            options: categories.map((category) => category.slug),
          }).map(({ key, ...box }) => (
            <label key={key}>
              <input {...box} /> {categories.find((c) => c.slug === box.value)?.name ?? box.value}
            </label>
          ))}
          <ErrorList id={fields.categories.errorId} errors={fields.categories.errors} />
        </fieldset>
        <TextareaField
          meta={fields.productIds}
          label="Products"
          rows={3}
          hint="Product ids as shown in Products, separated by commas, e.g. rooibos-tea, enamel-mug"
        />
      </fieldset>

      <fieldset
        className={`field admin-fieldset admin-provinces${fields.provinces.errors?.length ? ' field--invalid' : ''}`}
      >
        <legend>Where (the delivery address’s province)</legend>
        <p className="field__hint">
          Nothing ticked: anywhere. Ticked, e.g. Gauteng for free delivery over R 600 in Gauteng:
          the cart says it applies at checkout, which applies it to an address there.
        </p>
        {getCollectionProps(fields.provinces, {
          type: 'checkbox',
          options: [...PROVINCES],
        }).map(({ key, ...box }) => (
          <label key={key}>
            <input {...box} /> {box.value}
          </label>
        ))}
        <ErrorList id={fields.provinces.errorId} errors={fields.provinces.errors} />
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>When (South African time)</legend>
        <Field
          meta={fields.startsAt}
          label="Starts"
          hint="A date like 2025-12-01 (from midnight) or 2025-12-01T18:00; empty: at once"
        />
        <Field
          meta={fields.endsAt}
          label="Ends"
          hint="The last day, like 2025-12-31 (to the end of that day), or 2025-12-31T18:00; empty: never"
        />
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>Limits</legend>
        <Field
          meta={fields.usageLimit}
          label="Uses in all"
          inputMode="numeric"
          hint="Orders that may use it, e.g. 100; empty for no limit"
        />
        <Field
          meta={fields.perCustomerLimit}
          label="Uses per customer"
          inputMode="numeric"
          hint="By account, or by email for guests, e.g. 1; empty for no limit"
        />
      </fieldset>

      <div className="field field--checkbox">
        <label>
          <input key={activeKey} {...activeProps} /> Active: shoppers can use it
        </label>
        <ErrorList id={fields.active.errorId} errors={fields.active.errors} />
      </div>

      <div className="form-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : discount ? 'Save discount' : 'Create discount'}
        </button>
      </div>
    </Form>
  )
}
