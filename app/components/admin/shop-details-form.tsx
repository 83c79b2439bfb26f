import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'

import { ErrorSummary, Field, FormErrors, TextareaField, VALIDATE_ON } from '~/components/forms'
import { useIsPending } from '~/components/use-is-pending'
import {
  shopDetailsFormSchema,
  type ShopDetailsForm as ShopDetailsFormOutput,
  type ShopDetailsFormInput,
} from '~/lib/legal/settings-form'

const constraint = getZodConstraint(shopDetailsFormSchema)

/**
 * The /admin/settings form: the shop's legal details, which the legal pages and tax invoices show.
 * One post saves them whole; without JavaScript the server checks them and answers the same form.
 */
export function ShopDetailsForm({
  values,
  lastResult,
}: {
  values: Record<keyof ShopDetailsFormInput, string>
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const [form, fields] = useForm<ShopDetailsFormInput, ShopDetailsFormOutput>({
    id: 'shop-details',
    lastResult,
    defaultValue: values,
    constraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: shopDetailsFormSchema }),
  })
  const saving = useIsPending()
  return (
    <Form
      method="post"
      className="form-card"
      aria-labelledby="shop-details-title"
      {...getFormProps(form)}
    >
      <h2 id="shop-details-title">Shop details</h2>
      <ErrorSummary form={form} />
      <FormErrors form={form} />
      <Field
        meta={fields.legalName}
        label="Legal name"
        autoComplete="organization"
        hint="As registered, e.g. Karoo & Co. (Pty) Ltd: on invoices and the legal pages."
      />
      <Field meta={fields.tradingName} label="Trading name" />
      <TextareaField
        meta={fields.address}
        label="Address"
        rows={4}
        hint="The street address for notices and legal service, one line each."
      />
      <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
      <Field
        meta={fields.phone}
        label="Phone"
        type="tel"
        autoComplete="tel"
        hint="A South African number, e.g. 049 892 0000."
      />
      <Field
        meta={fields.vatNumber}
        label="VAT number (optional)"
        inputMode="numeric"
        hint="10 digits starting with 4. Empty: the shop is not registered for VAT and issues plain invoices."
      />
      <Field
        meta={fields.registrationNumber}
        label="Company registration number (optional)"
        hint="As CIPC issued it, e.g. 2019/123456/07."
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save shop details'}
        </button>
      </div>
    </Form>
  )
}
