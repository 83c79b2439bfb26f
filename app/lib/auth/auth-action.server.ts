import { type Submission, type SubmissionResult } from '@conform-to/react'
import { data, redirect } from '@remix-run/node'

import { getStore } from '~/lib/data/index.server'
import { isSpam } from '~/lib/honeypot.server'
import { env } from '~/lib/env.server'
import { safeRedirect } from '~/lib/http.server'
import { mergeVisitorLikes } from '~/lib/liked/liked.server'
import {
  clearFailedSignIns,
  recordFailedSignIn,
  signInBlockedFor,
  signInBlockedMessage,
} from '~/lib/rate-limit.server'
import { parseSubmission } from '~/lib/submission.server'
import { createToastHeaders, redirectWithToast } from '~/lib/toast.server'

import { getAuth } from './index.server'
import { authFormSchema } from './schemas'
import { commitSignedOutSession, commitUserSession } from './session.server'
import { mergeVisitorCart } from '~/lib/cart/cart.server'
import { getSession } from '~/lib/session.server'
import { AuthProviderError, EmailTakenError, type AuthSession } from './types'

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
  await mergeVisitorCart(await getSession(request), session.userId)
  const headers = await createToastHeaders(
    { type: 'success', title },
    { 'Set-Cookie': await commitUserSession(session, request) },
  )
  await mergeVisitorLikes(request, session.userId, headers)
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
  const auth = await getAuth()

  switch (form.intent) {
    case 'signin': {
      const { rateLimits } = await getStore()
      const attempt = { email: form.email, ip: clientIp }
      const blockedFor = await signInBlockedFor(rateLimits, attempt)
      if (blockedFor > 0) {
        const formErrors = [signInBlockedMessage(blockedFor)]
        return invalid(form.intent, submission, { formErrors }, 429)
      }
      const result = await auth.signIn(form.email, form.password)
      if (!result) {
        const nowBlockedFor = await recordFailedSignIn(rateLimits, attempt)
        if (nowBlockedFor > 0) {
          const formErrors = [signInBlockedMessage(nowBlockedFor)]
          return invalid(form.intent, submission, { formErrors }, 429)
        }
        return invalid(form.intent, submission, { formErrors: [WRONG_CREDENTIALS_MESSAGE] })
      }
      await clearFailedSignIns(rateLimits, form.email)
      const name = result.user.firstName ? `, ${result.user.firstName}` : ''
      return signedIn(request, result.session, form.redirectTo, `Welcome back${name}`)
    }

    case 'signup': {
      if (isSpam(formData)) {
        // Honeypot filled: a bot. Pretend it worked and store nothing.
        return redirectWithToast(safeRedirect(form.redirectTo, '/'), {
          type: 'success',
          title: 'Your account is ready',
        })
      }
      try {
        const result = await auth.signUp(form)
        return signedIn(
          request,
          result.session,
          form.redirectTo,
          `Welcome to Karoo & Co., ${result.user.firstName}`,
        )
      } catch (error) {
        if (error instanceof EmailTakenError) {
          return invalid(form.intent, submission, {
            fieldErrors: {
              email: [
                'An account already uses this email. Sign in instead, or reset your password.',
              ],
            },
          })
        }
        throw error
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
      const { devLink } = await auth.requestPasswordReset(form.email ?? '', { appUrl: env.appUrl })
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
