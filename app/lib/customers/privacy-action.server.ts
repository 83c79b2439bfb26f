import { type SubmissionResult } from '@conform-to/react'
import { data, redirect } from '@remix-run/node'

import { getAuth } from '~/lib/auth/index.server'
import { commitSignedOutSession } from '~/lib/auth/user.server'
import type { User } from '~/lib/data/types'
import { mailContext } from '~/lib/mail/messages.server'
import {
  claimLimits,
  claimSignIn,
  signInBlockedMessage,
  signInSucceeded,
} from '~/lib/rate-limit.server'
import { requestContext } from '~/lib/request-context.server'
import { parseSubmission } from '~/lib/submission.server'
import { redirectWithToast } from '~/lib/toast.server'

import {
  deleteAccount,
  deletionConfirmMail,
  deletionToken,
  EXPORTS_PER_HOUR,
  exportLimitKey,
  exportResponse,
  isDeletionToken,
} from './privacy.server'

import { EXPORT_PATH, PRIVACY_PATH, privacyFormSchema, type PrivacyIntent } from './privacy-schema'

export type PrivacyActionData = {
  /** Which of the page's forms the reply belongs to. */
  intent: PrivacyIntent | null
  result: SubmissionResult<string[]>
}

export const WRONG_PASSWORD_MESSAGE =
  'That password is not right. Enter the password you sign in with to delete your account.'
export const EXPORT_LIMIT_MESSAGE = (minutes: number) =>
  `You have downloaded your data ${EXPORTS_PER_HOUR.limit} times this hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`

const INTENTS: readonly string[] = ['export', 'delete', 'confirm-delete']

/**
 * The data download (POST /account/privacy/export): the JSON file, at most EXPORTS_PER_HOUR; past
 * that, back to the page with a message that says when the next one can be made.
 */
export async function exportAction(request: Request, user: User): Promise<Response> {
  const { store, clock } = await requestContext(request)
  const claim = await claimLimits(store.rateLimits, [
    { key: exportLimitKey(user.id), ...EXPORTS_PER_HOUR },
  ])
  if (!claim.ok) {
    const minutes = Math.max(1, Math.ceil(claim.retryAfterMs / 60_000))
    return redirectWithToast(
      PRIVACY_PATH,
      { type: 'error', title: 'Download not made', description: EXPORT_LIMIT_MESSAGE(minutes) },
      { status: 303 },
    )
  }
  return exportResponse(store, user, clock())
}

/**
 * The /account/privacy action: `export` answers the JSON download, `delete` deletes a local account
 * after its password (a Firebase account is mailed a link), `confirm-delete` follows that link.
 */
export async function privacyAction({
  request,
  user,
  clientIp = '',
}: {
  request: Request
  user: User
  clientIp?: string
}) {
  const { store, clock } = await requestContext(request)
  const auth = await getAuth(store)
  const needsPassword = auth.kind === 'local'
  const formData = await request.formData()
  const posted = formData.get('intent')
  const intent =
    typeof posted === 'string' && INTENTS.includes(posted) ? (posted as PrivacyIntent) : null
  const submission = parseSubmission(formData, { schema: privacyFormSchema(needsPassword) })
  const refuse = (
    error: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
    status = 400,
  ) =>
    data<PrivacyActionData>(
      { intent, result: submission.reply({ ...error, hideFields: ['password'] }) },
      { status },
    )
  if (submission.status !== 'success') {
    return data<PrivacyActionData>(
      { intent, result: submission.reply({ hideFields: ['password'] }) },
      { status: 400 },
    )
  }
  const form = submission.value
  const now = clock()

  if (form.intent === 'export') {
    // The file comes from a resource route; 307 keeps the post (method and body) on the way.
    return redirect(EXPORT_PATH, 307)
  }

  if (form.intent === 'delete') {
    if (!needsPassword) {
      // Firebase: no password here to check; the mailed link proves the inbox.
      const token = deletionToken(user.id, now)
      await store.outbox.enqueue(deletionConfirmMail(user, token, await mailContext()))
      return redirectWithToast(PRIVACY_PATH, {
        type: 'success',
        title: 'Check your email',
        description: `We sent a link to ${user.email} that deletes your account. It works for 30 minutes.`,
      })
    }
    // The password check is a sign-in attempt: the same throttle guards it.
    const attempt = { email: user.email, ip: clientIp }
    const claim = await claimSignIn(store.rateLimits, attempt)
    if (!claim.ok) return refuse({ formErrors: [signInBlockedMessage(claim.retryAfterMs)] }, 429)
    const proof = await auth.signIn(user.email, form.password ?? '')
    if (!proof || proof.user.id !== user.id) {
      return refuse({ fieldErrors: { password: [WRONG_PASSWORD_MESSAGE] } })
    }
    await signInSucceeded(store.rateLimits, claim, attempt)
  } else if (!isDeletionToken(user.id, form.token, now)) {
    return refuse({
      fieldErrors: {
        token: ['This confirmation link has expired or is not right. Ask for a new one below.'],
      },
    })
  }

  await deleteAccount(store, auth, user.id)
  const headers = { 'Set-Cookie': await commitSignedOutSession(request) }
  return redirectWithToast(
    '/',
    {
      type: 'success',
      title: 'Your account is deleted',
      description:
        'You are signed out everywhere. Orders are kept for the tax period without your account.',
    },
    { headers },
  )
}
