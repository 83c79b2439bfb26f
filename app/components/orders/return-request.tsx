import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import type { z } from 'zod'

import { ErrorList, ErrorSummary, FormErrors, VALIDATE_ON } from '~/components/forms'
import { Link } from '~/components/link'
import { useIsPending } from '~/components/use-is-pending'
import { formatSastDate } from '~/lib/dates'
import { formatOptions } from '~/lib/data/variants'
import { formatRand } from '~/lib/money'
import { REQUEST_RETURN_INTENT, requestReturnSchema } from '~/lib/orders/return-fields'
import { RETURN_REASON_LABELS, RETURN_REASONS } from '~/lib/orders/returns'
import type { ReturnFormView } from '~/lib/orders/returns-view'

const constraint = getZodConstraint(requestReturnSchema)

/**
 * The buyer's return request on their order's page (customer, the session that placed it, or a
 * guest by the order link: `action` keeps the link's key): a checkbox per line still returnable
 * with how many, the reason and a note. A real form; conform checks it in the browser with JS.
 */
export function ReturnRequest({
  view,
  action,
  returnKey,
  lastResult,
  windowDays,
}: {
  view: ReturnFormView
  /** Where the form posts: the order's page, with `?key=` for a guest by link. */
  action: string
  returnKey: string
  lastResult: SubmissionResult<string[]> | undefined
  windowDays: number
}) {
  if (!view.open) {
    return view.closesAt ? (
      <section aria-labelledby="return-request-title" className="order-returns">
        <h2 id="return-request-title">Return items</h2>
        <p>{view.reason}.</p>
      </section>
    ) : null
  }
  return (
    <RequestForm
      view={view}
      action={action}
      returnKey={returnKey}
      lastResult={lastResult}
      windowDays={windowDays}
    />
  )
}

function RequestForm({
  view,
  action,
  returnKey,
  lastResult,
  windowDays,
}: {
  view: Extract<ReturnFormView, { open: true }>
  action: string
  returnKey: string
  lastResult: SubmissionResult<string[]> | undefined
  windowDays: number
}) {
  const [form, fields] = useForm<
    z.input<typeof requestReturnSchema>,
    z.output<typeof requestReturnSchema>
  >({
    id: 'request-return',
    lastResult,
    constraint,
    defaultValue: {
      lines: view.lines.map((line) => ({
        variantId: line.variantId,
        quantity: String(line.quantity),
      })),
    },
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: requestReturnSchema }),
  })
  const pending = useIsPending({ formAction: action, intent: REQUEST_RETURN_INTENT })
  const rows = fields.lines.getFieldList()
  const { key: reasonKey, ...reasonProps } = getSelectProps(fields.reason)
  const { key: noteKey, ...noteProps } = getTextareaProps(fields.note)
  return (
    <section aria-labelledby="return-request-title" className="order-returns">
      <h2 id="return-request-title">Return items</h2>
      <p>
        You can ask to return items until {formatSastDate(view.closesAt)} ({windowDays} days after
        delivery). Changed your mind? Within 7 days of delivery that is your cooling-off right. Our{' '}
        <Link to="/returns">returns policy</Link> says how it works.
      </p>
      <Form
        method="post"
        action={action}
        className="form-card"
        aria-labelledby="return-request-title"
        {...getFormProps(form)}
      >
        <ErrorSummary form={form} />
        <FormErrors form={form} />
        <input type="hidden" name="intent" value={REQUEST_RETURN_INTENT} />
        <input type="hidden" name="returnKey" value={returnKey} />
        {/* The error summary's link for "Tick at least one item" moves focus here. */}
        <fieldset
          id={fields.lines.id}
          tabIndex={-1}
          className={`field${fields.lines.errors?.length ? ' field--invalid' : ''}`}
          aria-describedby={fields.lines.errors?.length ? fields.lines.errorId : undefined}
        >
          <legend>Items to return</legend>
          <ErrorList id={fields.lines.errorId} errors={fields.lines.errors} />
          {view.lines.map((line, i) => {
            const row = rows[i]?.getFieldset()
            if (!row) return null
            const name = line.options.length
              ? `${line.name} (${formatOptions(line.options)})`
              : line.name
            const { key: boxKey, ...box } = getInputProps(row.selected, { type: 'checkbox' })
            const { key: qtyKey, ...qty } = getSelectProps(row.quantity)
            return (
              <div key={line.variantId} className="return-line">
                <input type="hidden" name={row.variantId.name} value={line.variantId} />
                <div className="field field--checkbox">
                  <label>
                    <input key={boxKey} {...box} /> Return {name} ({formatRand(line.unitPriceCents)}{' '}
                    each)
                  </label>
                </div>
                {line.quantity > 1 ? (
                  <div className={`field${row.quantity.errors?.length ? ' field--invalid' : ''}`}>
                    <label htmlFor={row.quantity.id}>How many of {name}</label>
                    <select key={qtyKey} {...qty}>
                      {Array.from({ length: line.quantity }, (_, n) => n + 1).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                    <ErrorList
                      id={row.quantity.errorId}
                      errors={row.quantity.errors}
                      announce={false}
                    />
                  </div>
                ) : (
                  <input type="hidden" name={row.quantity.name} value="1" />
                )}
              </div>
            )
          })}
        </fieldset>
        <div className={`field${fields.reason.errors?.length ? ' field--invalid' : ''}`}>
          <label htmlFor={fields.reason.id}>Why are you returning them?</label>
          <select key={reasonKey} {...reasonProps}>
            <option value="">Choose a reason</option>
            {RETURN_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {RETURN_REASON_LABELS[reason]}
              </option>
            ))}
          </select>
          <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} announce={false} />
        </div>
        <div className={`field${fields.note.errors?.length ? ' field--invalid' : ''}`}>
          <label htmlFor={fields.note.id}>Anything we should know? (optional)</label>
          <textarea key={noteKey} {...noteProps} rows={3} />
          <ErrorList id={fields.note.errorId} errors={fields.note.errors} announce={false} />
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Sending…' : 'Ask to return'}
          </button>
        </div>
      </Form>
    </section>
  )
}
