import { getFormProps, type FieldMetadata, type FormMetadata } from '@conform-to/react'
import { Form } from '@remix-run/react'

import { FormErrors } from '~/components/forms'
import type { ConsentSource } from '~/lib/data/types'
import { formatSastDateTime } from '~/lib/dates'

import { MarketingOptIn } from './marketing-opt-in'

const WHERE: Record<ConsentSource, string> = {
  'sign-up': 'when you created your account',
  checkout: 'at checkout',
  account: 'on this page',
  unsubscribe: 'by the unsubscribe link in one of our emails',
  staff: 'through our staff',
}

/** What the customer chose last, when and where: the record the shop keeps (POPIA s69). */
export function consentSummary(consent: {
  optIn: boolean
  since: string | null
  source: ConsentSource | null
}): string {
  if (!consent.since || !consent.source) return 'You have not asked for our news and offers.'
  const when = `${formatSastDateTime(consent.since)}, ${WHERE[consent.source]}`
  return consent.optIn
    ? `You asked for our news and offers on ${when}.`
    : `You stopped our news and offers on ${when}.`
}

/** /account's "News and offers" card: the box as chosen last, and when and where it was chosen. */
export function MarketingConsentForm({
  form,
  optIn,
  summary,
  pending,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the /account schema's union
  form: FormMetadata<any, string[]>
  optIn: FieldMetadata<unknown, Record<string, unknown>, string[]>
  summary: string
  pending: boolean
}) {
  return (
    <Form
      method="post"
      className="form-card"
      aria-labelledby="marketing-title"
      {...getFormProps(form)}
    >
      <h2 id="marketing-title">News and offers</h2>
      <FormErrors form={form} />
      <p id="marketing-state">{summary}</p>
      <input type="hidden" name="intent" value="marketing" />
      <MarketingOptIn
        meta={optIn}
        hint="Now and then, by email. Emails about your orders arrive either way."
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Saving…' : 'Save choice'}
        </button>
      </div>
    </Form>
  )
}
