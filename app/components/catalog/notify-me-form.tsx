import { getFormProps, useForm } from '@conform-to/react'
import { Form, useActionData } from '@remix-run/react'
import type { z } from 'zod'

import { ErrorList, Field, FormErrors } from '~/components/forms'
import { useIsPending } from '~/components/use-is-pending'
import { EMAIL_MAX } from '~/lib/field-limits'
import type { NotifyActionData } from '~/lib/win-back/notify-action.server'
import type { notifyFormSchema } from '~/lib/win-back/notify-schema'

/** The browser's own checks; the server validates with the shared schema (notify-schema.ts). */
const constraint = { email: { required: true, maxLength: EMAIL_MAX } }

/**
 * "Email me when it's back" under a sold-out variant: one email when staff restock it, then the
 * request is forgotten. A signed-in customer finds their email filled in; guests type theirs.
 * A real form (JS only spares the page load); the answer is a toast on the variant's page.
 */
export function NotifyMeForm({
  productPath,
  variantId,
  email = '',
}: {
  /** `/shop/{id}`: where the form posts (with the variant, so a refusal shows it again). */
  productPath: string
  variantId: string
  /** The signed-in customer's email; empty for a guest. */
  email?: string
}) {
  const actionData = useActionData<NotifyActionData | Record<string, unknown>>()
  const lastResult = actionData && 'notify' in actionData ? actionData.notify : undefined
  const pending = useIsPending({ intent: 'notify' })
  const [form, fields] = useForm<z.input<typeof notifyFormSchema>>({
    id: `notify-${variantId}`,
    lastResult: lastResult as NotifyActionData['notify'] | undefined,
    defaultValue: { email },
    constraint,
    shouldRevalidate: 'onBlur',
  })
  return (
    <Form
      method="post"
      action={`${productPath}?variant=${encodeURIComponent(variantId)}`}
      className="notify-me"
      preventScrollReset
      aria-labelledby={`${form.id}-heading`}
      {...getFormProps(form)}
    >
      <h2 id={`${form.id}-heading`} className="notify-me__heading">
        Email me when it&rsquo;s back
      </h2>
      <p className="notify-me__hint">
        One email when this option is back in stock; then we forget your request.
      </p>
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="notify" />
      <input type="hidden" name="variantId" value={variantId} />
      <ErrorList id={fields.variantId.errorId} errors={fields.variantId.errors} />
      <Field meta={fields.email} label="Your email" type="email" autoComplete="email" />
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Sending…' : 'Email me'}
      </button>
    </Form>
  )
}
