import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import type { z } from 'zod'

import { HoneypotFields } from '~/components/honeypot-fields'
import { Field, ErrorSummary, FormErrors, TextareaField, VALIDATE_ON } from '~/components/forms'
import { useIsPending } from '~/components/use-is-pending'
import { useResetAfterSuccess } from '~/components/use-reset-after-success'
import { optionalUser } from '~/lib/auth/user.server'
import { contactAction } from '~/lib/contact/contact-action.server'
import { MESSAGE_MAX, MESSAGE_MIN } from '~/lib/contact/limits'
import { contactFormSchema } from '~/lib/contact/schema'

export const meta: MetaFunction = () => [{ title: 'Contact us | Karoo & Co.' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await optionalUser(request)
  return {
    sent: new URL(request.url).searchParams.get('sent') === '1',
    defaults: {
      name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
      email: user?.email ?? '',
    },
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  return contactAction({ request, clientIp: context.clientIp ?? '' })
}

const constraint = getZodConstraint(contactFormSchema)

export default function ContactPage() {
  const { sent, defaults } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useIsPending()
  const [form, fields] = useForm<
    z.input<typeof contactFormSchema>,
    z.output<typeof contactFormSchema>
  >({
    id: 'contact',
    lastResult: actionData?.result,
    defaultValue: defaults,
    constraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactFormSchema }),
  })
  useResetAfterSuccess(form.id, { pending, failed: actionData !== undefined })
  const showSent = sent && !actionData

  return (
    <div className="form-page">
      <h1>Contact us</h1>
      {/* The one confirmation of a sent message (no toast repeats it). The live region is always
          there, so screen readers announce the text when it arrives after a post with JS. */}
      <div className={showSent ? 'form-notice' : undefined} role="status">
        {showSent ? (
          <p>
            <strong>Thanks, your message has been sent.</strong> We reply within two working days.
          </p>
        ) : null}
      </div>
      <Form
        method="post"
        action="/contact"
        className="form-card"
        aria-labelledby="contact-title"
        {...getFormProps(form)}
      >
        <h2 id="contact-title">Send us a message</h2>
        <ErrorSummary form={form} />
        <FormErrors form={form} />
        <Field meta={fields.name} label="Name" autoComplete="name" />
        <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
        <Field meta={fields.subject} label="Subject" />
        <TextareaField
          meta={fields.message}
          label="Message"
          hint={`${MESSAGE_MIN} to ${MESSAGE_MAX} characters.`}
        />
        <HoneypotFields />
        <div className="form-actions">
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Sending…' : 'Send message'}
          </button>
        </div>
      </Form>
    </div>
  )
}
