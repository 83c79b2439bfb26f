import { type SubmissionResult } from '@conform-to/react'
import { data, redirect } from '@remix-run/node'

import { isSpam } from '~/lib/honeypot.server'
import { contactMails, mailContext } from '~/lib/mail/messages.server'
import {
  CONTACT_LIMIT_MESSAGE,
  CONTACT_MESSAGES,
  claimLimits,
  clientKey,
} from '~/lib/rate-limit.server'
import { requestContext } from '~/lib/request-context.server'
import { parseSubmission } from '~/lib/submission.server'

import { contactFormSchema } from './schema'

export type ContactActionData = { result: SubmissionResult<string[]> }

const HIDDEN_FIELDS = ['name__confirm', 'from__confirm']
/**
 * Where a sent message lands: /contact says "Thanks, your message has been sent" beside the form,
 * with or without JS, so no toast repeats it.
 */
const SENT_URL = '/contact?sent=1'

/** POST /contact: one message stored per post, at most a few per IP (rate-limit.server.ts). */
export async function contactAction({ request, clientIp }: { request: Request; clientIp: string }) {
  const formData = await request.formData()
  // Honeypot filled: a bot. Pretend success, store nothing.
  if (isSpam(formData)) return redirect(SENT_URL)
  const submission = parseSubmission(formData, { schema: contactFormSchema })
  if (submission.status !== 'success') {
    return data<ContactActionData>(
      { result: submission.reply({ hideFields: HIDDEN_FIELDS }) },
      { status: 400 },
    )
  }
  const { store } = await requestContext(request)
  const claim = await claimLimits(store.rateLimits, [
    { key: `contact:${clientKey(clientIp)}`, ...CONTACT_MESSAGES },
  ])
  if (!claim.ok) {
    return data<ContactActionData>(
      {
        result: submission.reply({
          formErrors: [CONTACT_LIMIT_MESSAGE],
          hideFields: HIDDEN_FIELDS,
        }),
      },
      { status: 429 },
    )
  }
  // The acknowledgement and the shop's copy are written with the message, keyed by its id.
  const context = await mailContext()
  await store.messages.create({ ...submission.value, ip: clientIp }, (message) =>
    contactMails(message, context),
  )
  return redirect(SENT_URL)
}
