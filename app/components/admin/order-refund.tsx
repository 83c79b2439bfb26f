import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import type { z } from 'zod'

import {
  ErrorList,
  ErrorSummary,
  Field,
  type FieldMeta,
  FormErrors,
  VALIDATE_ON,
} from '~/components/forms'
import { centsToRandsString, formatRand } from '~/lib/money'
import { REFUND_INTENT, REFUND_LATE_INTENT, refundSchema } from '~/lib/orders/refund-fields'
import type { RefundFormView } from '~/lib/orders/refunds-view'

const constraint = getZodConstraint(refundSchema)

/** The reply of the refund form, if it was the one that posted. */
function useLastResult(): SubmissionResult<string[]> | undefined {
  const actionData = useActionData() as
    { form?: unknown; result?: SubmissionResult<string[]> } | undefined
  return actionData?.form === REFUND_INTENT ? actionData.result : undefined
}

/**
 * The refund form on /admin/orders/{id} (`intent=refund`): the amount starts at what is left (or
 * the return's value from `?return=`), the reason, which lines go back into stock, and where a
 * gift card's part goes. PayFast is asked first; nothing is recorded unless it accepts.
 */
export function OrderRefundForm({ view, refundKey }: { view: RefundFormView; refundKey: string }) {
  const prefill = view.prefill
  const [form, fields] = useForm<z.input<typeof refundSchema>, z.output<typeof refundSchema>>({
    // NOT 'refund': the section's id (the anchor B's return panel links to); conform's inputs
    // name their form by id, so the two must differ.
    id: 'refund-form',
    lastResult: useLastResult(),
    constraint,
    ...VALIDATE_ON,
    defaultValue: {
      amount: centsToRandsString(prefill?.amountCents ?? view.leftCents),
      reason: prefill?.reason ?? '',
      cardTo: 'card',
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: refundSchema }),
  })
  const navigation = useNavigation()
  const pending =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === REFUND_INTENT
  const cardTo = fields.cardTo
  return (
    <section aria-labelledby="refund-title" id="refund" className="form-card">
      <h2 id="refund-title">Refund</h2>
      <p>
        Paid {formatRand(view.paidCents)}, refunded {formatRand(view.refundedCents)}:{' '}
        <strong>{formatRand(view.leftCents)} left to refund</strong>
        {view.balanceLeftCents > 0
          ? ` (${formatRand(view.payfastLeftCents)} through PayFast, ${formatRand(view.balanceLeftCents)} paid by gift card or store credit)`
          : ' through PayFast'}
        .
      </p>
      <Form method="post" aria-labelledby="refund-title" {...getFormProps(form)}>
        <ErrorSummary form={form} />
        <FormErrors form={form} />
        <input type="hidden" name="intent" value={REFUND_INTENT} />
        <input type="hidden" name="refundKey" value={refundKey} />
        {prefill ? <input type="hidden" name="returnId" value={prefill.returnId} /> : null}
        <Field
          meta={fields.amount}
          label="Amount to refund (rands)"
          hint={`At most ${formatRand(view.leftCents)}`}
          inputMode="decimal"
          autoComplete="off"
        />
        <Field meta={fields.reason} label="Reason (the buyer sees it)" autoComplete="off" />
        <fieldset className="field" aria-describedby={fields.restock.errorId}>
          <legend>Put back into stock</legend>
          {view.lines.map((line) => (
            <label key={line.variantId}>
              <input type="checkbox" name="restock" value={line.variantId} /> {line.quantity} ×{' '}
              {line.label}
            </label>
          ))}
          <ErrorList id={fields.restock.errorId} errors={fields.restock.errors} announce={false} />
        </fieldset>
        {view.hasCardPart ? (
          <fieldset className="field" aria-describedby={cardTo.errorId}>
            <legend>The gift card part goes</legend>
            <Radio meta={cardTo} value="card" label="Back to the gift card" />
            {view.hasAccount ? (
              <Radio
                meta={cardTo}
                value="store-credit"
                label="As store credit on the buyer's account"
              />
            ) : null}
            <ErrorList id={cardTo.errorId} errors={cardTo.errors} announce={false} />
          </fieldset>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Refunding…' : 'Refund'}
          </button>
        </div>
      </Form>
    </section>
  )
}

/** One radio button of a conform field (its key kept out of the spread). */
function Radio({ meta, value, label }: { meta: FieldMeta; value: string; label: string }) {
  const { key, ...props } = getInputProps(meta, { type: 'radio', value })
  const id = `${meta.id}-${value}`
  return (
    <div>
      <input key={key} {...props} id={id} /> <label htmlFor={id}>{label}</label>
    </div>
  )
}

/** A late or second payment's refund through PayFast (`intent=refund-late`). */
export function LatePaymentRefund() {
  const navigation = useNavigation()
  const pending =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === REFUND_LATE_INTENT
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={REFUND_LATE_INTENT} />
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Refunding…' : 'Refund the payment through PayFast'}
      </button>
    </Form>
  )
}
