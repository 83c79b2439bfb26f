import { type Submission, type SubmissionResult } from '@conform-to/react'
import { data, redirect } from '@remix-run/node'

import { getAuth } from '~/lib/auth/index.server'
import { AuthProviderError, EmailTakenError, type AuthSession } from '~/lib/auth/types'
import { commitSignedOutSession, commitUserSession } from '~/lib/auth/user.server'
import { mergeVisitorCart } from '~/lib/cart/cart.server'
import { recordConsent } from '~/lib/customers/consent.server'
import { now as clock } from '~/lib/clock'
import { env } from '~/lib/env.server'
import { isSpam } from '~/lib/honeypot.server'
import { safeRedirect } from '~/lib/http.server'
import { mergeVisitorLikes } from '~/lib/liked/liked.server'
import { mailContext, signUpTakenMail } from '~/lib/mail/messages.server'
import {
  RESET_REQUESTS_PER_EMAIL,
  RESET_REQUESTS_PER_IP,
  SIGN_UPS_PER_IP,
  claimLimits,
  claimSignIn,
  resetEmailLimitKey,
  resetIpLimitKey,
  signInBlockedMessage,
  signInSucceeded,
  signUpLimitKey,
  tooManyFromHereMessage,
} from '~/lib/rate-limit.server'
import { requestContext } from '~/lib/request-context.server'
import { parseSubmission } from '~/lib/submission.server'
import { createToastHeaders, redirectWithToast } from '~/lib/toast.server'

import { authFormSchema } from './schema'

export const WRONG_CREDENTIALS_MESSAGE =
  'That email and password do not match an account. Check both and try again.'
export const GOOGLE_UNAVAILABLE_MESSAGE =
  'Google sign-in is not available. Sign in with your email and password instead.'
export const GOOGLE_REJECTED_MESSAGE =
  'We could not sign you in with Google. Try again, or sign in with your email and password.'
export const RESET_LINK_INVALID_MESSAGE =
  'This reset link is invalid, used or older than 30 minutes. Ask for a new one below.'

export type AuthIntent = 'signin' | 'signup' | 'google' | 'signout' | 'reset'

export type AuthActionData = {
  /** Which form the reply belongs to: the page shows it only there. */
  intent: AuthIntent | null
  /** Conform's reply: the values kept (never passwords, tokens or the honeypot) and an error per field. */
  result: SubmissionResult<string[]>
  /** The reset-link confirmation (step 1 of a password reset). */
  resetSent?: boolean
  /** Development only: the reset link, never set in production. */
  devResetLink?: string | null
}

/** Credentials and the honeypot are never echoed back into the page. */
const HIDDEN_FIELDS = ['password', 'idToken', 'token', 'name__confirm', 'from__confirm']

function intentOf(formData: FormData): AuthIntent | null {
  const intent = formData.get('intent')
  return intent === 'signin' ||
    intent === 'signup' ||
    intent === 'google' ||
    intent === 'signout' ||
    intent === 'reset'
    ? intent
    : null
}

function invalid(
  intent: AuthIntent | null,
  submission: Submission<unknown>,
  errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
  status = 400,
) {
  return data<AuthActionData>(
    { intent, result: submission.reply({ ...errors, hideFields: HIDDEN_FIELDS }) },
    { status },
  )
}

/** After a sign-in or sign-up: a fresh session, the visitor's cart and likes merged, back to where they came from. */
async function signedIn(
  request: Request,
  session: AuthSession,
  redirectTo: string | undefined,
  title: string,
) {
  // The fresh session drops the visitor's cart cookie data: move it into the customer's stored cart first.
  const context = await requestContext(request)
  await mergeVisitorCart(context.session, session.userId, context.store)
  const headers = await createToastHeaders(
    { type: 'success', title },
    { 'Set-Cookie': await commitUserSession(session, request) },
  )
  await mergeVisitorLikes(context, session.userId, headers)
  return redirect(safeRedirect(redirectTo, '/'), { headers })
}

/**
 * The /auth action: sign in, create account, sign out, password reset (both steps). `clientIp` (from
 * the load context) feeds the per-IP sign-in throttle.
 */
export async function authAction({
  request,
  clientIp = '',
}: {
  request: Request
  clientIp?: string
}) {
  const formData = await request.formData()
  const intent = intentOf(formData)
  const submission = parseSubmission(formData, { schema: authFormSchema })
  if (submission.status !== 'success') {
    // The Google button has no fields of its own to show errors beside: its errors belong to the whole form.
    const formErrors =
      intent === 'google'
        ? [...new Set(Object.values(submission.error ?? {}).flatMap((list) => list ?? []))]
        : undefined
    return invalid(intent, submission, formErrors ? { formErrors, fieldErrors: {} } : {})
  }
  const form = submission.value
  const { store } = await requestContext(request)
  const auth = await getAuth(store)

  switch (form.intent) {
    case 'signin': {
      const { rateLimits } = store
      const attempt = { email: form.email, ip: clientIp }
      // Claimed before the password is checked: a burst is judged at most the limit.
      const claim = await claimSignIn(rateLimits, attempt)
      if (!claim.ok) {
        const formErrors = [signInBlockedMessage(claim.retryAfterMs)]
        return invalid(form.intent, submission, { formErrors }, 429)
      }
      const result = await auth.signIn(form.email, form.password)
      if (!result) {
        // The failure that filled a limit says so at once, as the next attempt would.
        const formErrors = [
          claim.filledFor > 0 ? signInBlockedMessage(claim.filledFor) : WRONG_CREDENTIALS_MESSAGE,
        ]
        return invalid(form.intent, submission, { formErrors }, claim.filledFor > 0 ? 429 : 400)
      }
      await signInSucceeded(rateLimits, claim, attempt)
      const name = result.user.firstName ? `, ${result.user.firstName}` : ''
      return signedIn(request, result.session, form.redirectTo, `Welcome back${name}`)
    }

    case 'signup': {
      // One answer for a new account, a taken email and a bot alike: the page never tells whether
      // an address has an account. Only a new account is signed in.
      const target = safeRedirect(form.redirectTo, '/')
      const welcome = `Welcome to Karoo & Co., ${form.firstName}`
      const asIfCreated = () => redirectWithToast(target, { type: 'success', title: welcome })
      // Honeypot filled or missing: a bot. Store nothing.
      if (isSpam(formData)) return asIfCreated()
      const claim = await claimLimits(store.rateLimits, [
        { key: signUpLimitKey(clientIp), ...SIGN_UPS_PER_IP },
      ])
      if (!claim.ok) {
        const formErrors = [tooManyFromHereMessage(claim.retryAfterMs)]
        return invalid(form.intent, submission, { formErrors }, 429)
      }
      try {
        const result = await auth.signUp(form)
        // Only a new account's own tick is consent: a taken email changes nobody's choice.
        if (form.marketingOptIn) {
          await recordConsent(store, {
            email: form.email,
            userId: result.session.userId,
            optIn: true,
            source: 'sign-up',
          })
        }
        return signedIn(request, result.session, target, welcome)
      } catch (error) {
        if (!(error instanceof EmailTakenError)) throw error
        // The owner hears of it instead, at most once an hour (the mail's key).
        await store.outbox.enqueue(signUpTakenMail(form.email, clock(), await mailContext()))
        return asIfCreated()
      }
    }

    case 'google': {
      if (!auth.signInWithIdToken) {
        return invalid(form.intent, submission, { formErrors: [GOOGLE_UNAVAILABLE_MESSAGE] })
      }
      let result: Awaited<ReturnType<NonNullable<typeof auth.signInWithIdToken>>>
      try {
        result = await auth.signInWithIdToken(form.idToken)
      } catch (error) {
        // A forged, expired, revoked or too old token: the adapter says AuthProviderError. Anything else
        // (the provider unreachable) is a server fault and stays a 500.
        if (error instanceof AuthProviderError) {
          return invalid(form.intent, submission, { formErrors: [GOOGLE_REJECTED_MESSAGE] })
        }
        throw error
      }
      const name = result.user.firstName ? `, ${result.user.firstName}` : ''
      return signedIn(request, result.session, form.redirectTo, `Welcome${name}`)
    }

    case 'signout': {
      return redirectWithToast(
        '/',
        { type: 'info', title: 'You are signed out' },
        { headers: { 'Set-Cookie': await commitSignedOutSession(request) } },
      )
    }

    case 'reset': {
      if (form.token) {
        const changed = await auth.resetPassword(form.token, form.password ?? '')
        if (!changed) {
          return invalid(form.intent, submission, { formErrors: [RESET_LINK_INVALID_MESSAGE] })
        }
        return redirectWithToast('/auth', {
          type: 'success',
          title: 'Password changed',
          description: 'Sign in with your new password.',
        })
      }
      const email = form.email ?? ''
      const { rateLimits } = store
      const fromHere = await claimLimits(rateLimits, [
        { key: resetIpLimitKey(clientIp), ...RESET_REQUESTS_PER_IP },
      ])
      if (!fromHere.ok) {
        const formErrors = [tooManyFromHereMessage(fromHere.retryAfterMs)]
        return invalid(form.intent, submission, { formErrors }, 429)
      }
      // Over the email's limit the page answers as if the link went out (it does not): the answer
      // says nothing about the address, not even that someone asked for it before.
      const forEmail = await claimLimits(rateLimits, [
        { key: resetEmailLimitKey(email), ...RESET_REQUESTS_PER_EMAIL },
      ])
      const { devLink } = forEmail.ok
        ? await auth.requestPasswordReset(email, { appUrl: env.appUrl })
        : { devLink: null }
      // Answered with data, not a redirect: the development-only link must never travel in a cookie.
      return data<AuthActionData>({
        intent: form.intent,
        result: submission.reply({ hideFields: HIDDEN_FIELDS }),
        resetSent: true,
        devResetLink: env.isProduction ? null : devLink,
      })
    }
  }
}
