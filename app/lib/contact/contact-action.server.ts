import { data } from '@remix-run/node'

import { type FieldErrors, parseForm } from '~/lib/auth/forms.server'
import { getStore } from '~/lib/data/index.server'
import { CONTACT_LIMIT_MESSAGE, allowContactMessage } from '~/lib/rate-limit.server'
import { redirectWithToast } from '~/lib/toast.server'

// NOTE: the limits live in a plain module: a .server module's exports are empty in the browser.
import { MESSAGE_MAX, MESSAGE_MIN } from './limits'
import { contactFormSchema } from './schema'

export { MESSAGE_MAX, MESSAGE_MIN }

export { contactFormSchema } from './schema'

export type ContactActionData = { errors: FieldErrors; values: Record<string, string> }

const SENT = {
  type: 'success',
  title: 'Thanks, your message has been sent',
  description: 'We reply within two working days.',
} as const

export async function contactAction({ request, clientIp }: { request: Request; clientIp: string }) {
  const formData = await request.formData()
  const parsed = parseForm(contactFormSchema, formData)
  if (!parsed.ok)
    return data<ContactActionData>(
      { errors: parsed.errors, values: parsed.values },
      { status: 400 },
    )
  const message = parsed.data
  const website = formData.get('website')
  // Honeypot filled: a bot. Pretend success, store nothing.
  if (website) return redirectWithToast(request, '/contact?sent=1', SENT)
  const store = await getStore()
  if (!(await allowContactMessage(store.rateLimits, clientIp))) {
    return data<ContactActionData>(
      { errors: { form: [CONTACT_LIMIT_MESSAGE] }, values: parsed.values },
      { status: 429 },
    )
  }
  await store.messages.create(
    { ...message, email: message.email.toLowerCase(), ip: clientIp },
    new Date().toISOString(),
  )
  return redirectWithToast(request, '/contact?sent=1', SENT)
}
