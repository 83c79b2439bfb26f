import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { ErrorList, Field, Honeypot, TextareaField } from '~/components/forms'
import { optionalUser } from '~/lib/auth/session.server'
import { contactAction, type ContactActionData } from '~/lib/contact/contact-action.server'
import { MESSAGE_MAX, MESSAGE_MIN } from '~/lib/contact/limits'
import formStyles from '~/styles/forms.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formStyles }]

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

export default function ContactPage() {
  const { sent, defaults } = useLoaderData<typeof loader>()
  const actionData = useActionData<ContactActionData>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const values = actionData?.values ?? {}

  return (
    <div className="form-page">
      <h1>Contact us</h1>
      {sent && !actionData ? (
        <div className="form-notice" role="status">
          <p>
            <strong>Thanks, your message has been sent.</strong> We reply within two working days.
          </p>
        </div>
      ) : null}
      <Form method="post" action="/contact" className="form-card" aria-labelledby="contact-title" noValidate>
        <h2 id="contact-title">Send us a message</h2>
        <ErrorList errors={actionData?.errors.form} />
        <Field id="contact-name" label="Name" name="name" autoComplete="name" required defaultValue={values.name ?? defaults.name} errors={actionData?.errors.name} />
        <Field id="contact-email" label="Email" name="email" type="email" autoComplete="email" required defaultValue={values.email ?? defaults.email} errors={actionData?.errors.email} />
        <Field id="contact-subject" label="Subject" name="subject" required defaultValue={values.subject ?? ''} errors={actionData?.errors.subject} />
        <TextareaField
          id="contact-message"
          label="Message"
          name="message"
          required
          minLength={MESSAGE_MIN}
          maxLength={MESSAGE_MAX}
          hint={`${MESSAGE_MIN} to ${MESSAGE_MAX} characters.`}
          defaultValue={values.message ?? ''}
          errors={actionData?.errors.message}
        />
        <Honeypot />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Sending…' : 'Send message'}
          </button>
        </div>
      </Form>
    </div>
  )
}
