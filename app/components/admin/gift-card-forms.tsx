import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'

import { ErrorSummary, Field, FormErrors, TextareaField, VALIDATE_ON } from '~/components/forms'
import { useIsPending } from '~/components/use-is-pending'
import { giveCreditSchema } from '~/lib/admin/promotions'
import { formatRand } from '~/lib/money'
import { GIFT_CARD_MAX_CENTS, issueGiftCardSchema } from '~/lib/promotions/fields'

const issueConstraint = getZodConstraint(issueGiftCardSchema)
const creditConstraint = getZodConstraint(giveCreditSchema)

/** /admin/gift-cards `intent=issue`: an amount in rands, an optional recipient and staff's note. */
export function IssueGiftCardForm({
  lastResult,
  formKey,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  /** This rendering's one-time key: a double post issues one card. */
  formKey: string
}) {
  const [form, fields] = useForm({
    id: 'issue-gift-card',
    lastResult,
    constraint: issueConstraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: issueGiftCardSchema }),
  })
  const issuing = useIsPending({ intent: 'issue' })
  return (
    <Form
      method="post"
      className="form-card"
      aria-labelledby="issue-gift-card-title"
      {...getFormProps(form)}
    >
      <h2 id="issue-gift-card-title">Issue a gift card</h2>
      <ErrorSummary form={form} />
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="issue" />
      <input type="hidden" name="issueKey" value={formKey} />
      <Field
        meta={fields.amount}
        label="Amount (rands)"
        inputMode="decimal"
        hint={`e.g. 500.00, at most ${formatRand(GIFT_CARD_MAX_CENTS)}`}
      />
      <Field
        meta={fields.recipientEmail}
        label="Recipient's email (optional)"
        type="email"
        hint="The code is mailed here; empty: give the customer the code yourself"
      />
      <TextareaField
        meta={fields.note}
        label="Note (optional)"
        rows={2}
        hint="For staff only, e.g. Prize for the Karoo market raffle"
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={issuing}>
          {issuing ? 'Issuing…' : 'Issue gift card'}
        </button>
      </div>
    </Form>
  )
}

/** /admin/gift-cards `intent=give-credit`: store credit on a customer's account. */
export function GiveCreditForm({
  lastResult,
  formKey,
  defaultEmail,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  /** This rendering's one-time key: a double post gives the credit once. */
  formKey: string
  /** The customer's email filled in (from a customer's page: `?email=`). */
  defaultEmail?: string
}) {
  const [form, fields] = useForm({
    id: 'give-credit',
    lastResult,
    defaultValue: defaultEmail ? { email: defaultEmail } : undefined,
    constraint: creditConstraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: giveCreditSchema }),
  })
  const giving = useIsPending({ intent: 'give-credit' })
  return (
    <Form
      method="post"
      className="form-card"
      aria-labelledby="give-credit-title"
      {...getFormProps(form)}
    >
      <h2 id="give-credit-title">Give store credit</h2>
      <p>Credit on a customer&apos;s account, spent at checkout like a gift card.</p>
      <ErrorSummary form={form} />
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="give-credit" />
      <input type="hidden" name="creditKey" value={formKey} />
      <Field meta={fields.email} label="Customer's email" type="email" />
      <Field meta={fields.amount} label="Credit (rands)" inputMode="decimal" hint="e.g. 150.00" />
      <TextareaField
        meta={fields.reason}
        label="Reason"
        rows={2}
        hint="e.g. Instead of a refund for a broken mug"
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={giving}>
          {giving ? 'Giving…' : 'Give store credit'}
        </button>
      </div>
    </Form>
  )
}
