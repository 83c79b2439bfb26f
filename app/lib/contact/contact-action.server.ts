import { data } from '@remix-run/node'
import { z } from 'zod'

import { type FieldErrors, parseForm } from '~/lib/auth/forms.server'
import { getStore } from '~/lib/data/index.server'
import { CONTACT_LIMIT_MESSAGE, allowContactMessage } from '~/lib/rate-limit.server'
import { redirectWithToast } from '~/lib/toast.server'

// NOTE: the limits live in a plain module: a .server module's exports are empty in the browser.
import { MESSAGE_MAX, MESSAGE_MIN } from './limits'

export { MESSAGE_MAX, MESSAGE_MIN }

/** The one schema of the contact form. */
export const contactFormSchema = z.object({
  name: z.string({ required_error: 'Enter your name' }).trim().min(1, 'Enter your name').max(100, 'Keep your name to 100 characters or fewer'),
  email: z
    .string({ required_error: 'Enter your email address so we can reply' })
    .trim()
    .min(1, 'Enter your email address so we can reply')
    .email('Enter an email address like name@example.co.za'),
  subject: z
    .string({ required_error: 'Enter a subject' })
    .trim()
    .min(1, 'Enter a subject')
    .max(150, 'Keep the subject to 150 characters or fewer'),
  message: z
    .string({ required_error: `Write a message of at least ${MESSAGE_MIN} characters` })
    .trim()
    .min(MESSAGE_MIN, `Write a message of at least ${MESSAGE_MIN} characters`)
    .max(MESSAGE_MAX, `Keep the message to ${MESSAGE_MAX} characters or fewer`),
  /** Honeypot. */
  website: z.string().optional(),
})

export type ContactActionData = { errors: FieldErrors; values: Record<string, string> }

const SENT = { type: 'success', title: 'Thanks, your message has been sent', description: 'We reply within two working days.' } as const

export async function contactAction({ request, clientIp }: { request: Request; clientIp: string }) {
  const formData = await request.formData()
  const parsed = parseForm(contactFormSchema, formData)
  if (!parsed.ok) return data<ContactActionData>({ errors: parsed.errors, values: parsed.values }, { status: 400 })
  const { website, ...message } = parsed.data
  // Honeypot filled: a bot. Pretend success, store nothing.
  if (website) return redirectWithToast(request, '/contact?sent=1', SENT)
  const store = await getStore()
  if (!(await allowContactMessage(store.rateLimits, clientIp))) {
    return data<ContactActionData>({ errors: { form: [CONTACT_LIMIT_MESSAGE] }, values: parsed.values }, { status: 429 })
  }
  await store.messages.create({ ...message, email: message.email.toLowerCase(), ip: clientIp }, new Date().toISOString())
  return redirectWithToast(request, '/contact?sent=1', SENT)
}
