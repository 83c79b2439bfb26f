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
  HiddenField,
  SelectField,
  TextareaField,
  VALIDATE_ON,
} from '~/components/forms'
import { useIsPending } from '~/components/use-is-pending'
import type { ShippingFormValues } from '~/lib/admin/shipping-form'
import {
  shippingFormSchema,
  type ShippingForm,
  type ShippingFormInput,
} from '~/lib/admin/shipping-schema'
import { PROVINCES } from '~/lib/data/types'

const constraint = getZodConstraint(shippingFormSchema)

/**
 * The /admin/shipping form (docs/contracts.md "Shipping"): a fieldset per delivery zone (name,
 * order, provinces, postal ranges, weight bands, price per extra kg, free-delivery threshold,
 * estimate, remove) and an empty one to add a zone, the default weight, and the collection point.
 * One post saves it all; without JavaScript the server checks it and answers the same form.
 */
export function ShippingSettingsForm({
  values,
  lastResult,
}: {
  values: ShippingFormValues
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const [form, fields] = useForm<ShippingFormInput, ShippingForm>({
    id: 'shipping',
    lastResult,
    defaultValue: values,
    constraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: shippingFormSchema }),
  })
  const saving = useIsPending({ intent: 'save' })
  const collection = fields.collection.getFieldset()

  return (
    <Form
      method="post"
      className="form-card"
      aria-labelledby="shipping-form-title"
      {...getFormProps(form)}
    >
      <h2 id="shipping-form-title">Table rates and collection</h2>
      <ErrorSummary form={form} />
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="save" />

      <h3>Delivery zones</h3>
      <p className="field__hint">
        An address is in the first zone whose postal ranges hold its code; failing that, the first
        zone that lists its province; failing that, the last zone. Each zone charges by the weight
        of the parcel: the first band it fits in, then the price per extra kilogram above the last
        band; from the free-delivery amount (incl. VAT) delivery costs nothing.
      </p>
      <ErrorList id={fields.zones.errorId} errors={fields.zones.errors} />
      {fields.zones.getFieldList().map((row, i) => {
        const zone = row.getFieldset()
        const isNew = !zone.id.initialValue
        const title = isNew ? 'Add a zone' : String(zone.name.initialValue ?? `Zone ${i + 1}`)
        const { key: removeKey, ...removeProps } = getInputProps(zone.remove, { type: 'checkbox' })
        return (
          <fieldset key={row.key} className="admin-fieldset admin-zone">
            <legend>{title}</legend>
            {isNew ? (
              <p className="field__hint">Leave empty to add no zone.</p>
            ) : (
              <HiddenField meta={zone.id} />
            )}
            <Field meta={zone.name} label={`Name of ${isNew ? 'the new zone' : title}`} />
            <Field
              meta={zone.position}
              label="Order"
              inputMode="numeric"
              hint="1 is looked at first"
            />
            <fieldset
              className={`field admin-provinces${zone.provinces.errors?.length ? ' field--invalid' : ''}`}
            >
              <legend>Provinces</legend>
              {getCollectionProps(zone.provinces, {
                type: 'checkbox',
                options: [...PROVINCES],
              }).map(({ key, ...box }) => (
                <label key={key}>
                  <input {...box} /> {box.value}
                </label>
              ))}
              <ErrorList id={zone.provinces.errorId} errors={zone.provinces.errors} />
            </fieldset>
            <Field
              meta={zone.postalRanges}
              label="Postal codes"
              hint="Codes and ranges separated by commas, e.g. 7441-8099, 8000"
            />
            <TextareaField
              meta={zone.bands}
              label="Weight bands"
              rows={5}
              hint="One per line: up to grams = rands, e.g. 2000 = 89.00"
            />
            <Field
              meta={zone.perExtraKg}
              label="Per extra kg above the last band (rands)"
              inputMode="decimal"
              hint="e.g. 10.00; 0 for none"
            />
            <Field
              meta={zone.freeFrom}
              label="Free delivery from (rands)"
              inputMode="decimal"
              hint="Order subtotal incl. VAT, e.g. 1000.00; empty: never free"
            />
            <Field
              meta={zone.estimate}
              label="Delivery estimate"
              hint="What shoppers are told, e.g. 2–4 working days"
            />
            {isNew ? null : (
              <div className="field field--checkbox">
                <label>
                  <input key={removeKey} {...removeProps} /> Remove this zone
                </label>
                <ErrorList id={zone.remove.errorId} errors={zone.remove.errors} />
              </div>
            )}
          </fieldset>
        )
      })}

      <fieldset className="admin-fieldset">
        <legend>Default weight</legend>
        <Field
          meta={fields.defaultWeightGrams}
          label="Weight of a product without one (grams)"
          inputMode="numeric"
          hint="Used for every variant whose weight is empty, e.g. 1000"
        />
      </fieldset>

      <fieldset className="admin-fieldset">
        <legend>Collect in store</legend>
        <p className="field__hint">
          Where shoppers collect their orders for free. Leave every field empty to offer no
          collection.
        </p>
        <Field meta={collection.name} label="Collection point name" />
        <Field meta={collection.phone} label="Phone" type="tel" />
        <Field meta={collection.hours} label="Opening hours" hint="e.g. Mon–Fri 09:00–17:00" />
        <Field meta={collection.line1} label="Street address" />
        <Field meta={collection.line2} label="Address line 2 (optional)" />
        <Field meta={collection.suburb} label="Suburb" />
        <Field meta={collection.city} label="City or town" />
        <SelectField
          meta={collection.province}
          label="Province"
          options={PROVINCES}
          placeholder="Choose a province"
        />
        <Field meta={collection.postalCode} label="Postal code" inputMode="numeric" />
      </fieldset>

      <div className="form-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save shipping settings'}
        </button>
      </div>
    </Form>
  )
}
