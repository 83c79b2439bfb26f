import { data, redirect } from '@remix-run/node'

import { getStore } from '~/lib/data/index.server'
import { env } from '~/lib/env.server'
import { safeRedirect } from '~/lib/http.server'
import { mergeVisitorLikes } from '~/lib/liked/liked.server'
import {
  SIGN_IN_BLOCKED_MESSAGE,
  clearFailedSignIns,
  recordFailedSignIn,
  signInBlocked,
} from '~/lib/rate-limit.server'
import { redirectWithToast } from '~/lib/toast.server'

import { type FieldErrors, parseForm } from './forms.server'
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
export const RESET_SENT_MESSAGE =
  'If an account uses that email, a link to choose a new password is on its way. It works once, for 30 minutes.'

export type AuthActionData = {
  intent: string
  errors: FieldErrors
  values: Record<string, string>
  /** The reset-link confirmation (step 1 of a password reset). */
  resetSent?: boolean
  /** Development only: the reset link, never set in production. */
  devResetLink?: string | null
}

function invalid(
  intent: string,
  errors: FieldErrors,
  values: Record<string, string>,
  status = 400,
) {
  return data<AuthActionData>({ intent, errors, values }, { status })
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
  const headers = new Headers()
  headers.append('Set-Cookie', await commitUserSession(session, { type: 'success', title }))
  await mergeVisitorLikes(request, session.userId, headers)
  return redirect(safeRedirect(redirectTo, '/'), { headers })
}

/** The /auth action: sign in, create account, sign out, password reset (both steps). */
export async function authAction({ request }: { request: Request }) {
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  const parsed = parseForm(authFormSchema, formData)
  // The Google ID token is a credential: never echo it back into the page.
  const { idToken: _idToken, ...values } = parsed.values
  if (!parsed.ok) {
    // The Google button has no fields of its own to show errors beside: its errors belong to the whole form.
    const errors =
      intent === 'google'
        ? { form: [...new Set(Object.values(parsed.errors).flatMap((list) => list ?? []))] }
        : parsed.errors
    return invalid(intent, errors, values)
  }
  const form = parsed.data
  const auth = await getAuth()

  switch (form.intent) {
    case 'signin': {
      const { rateLimits } = await getStore()
      if (await signInBlocked(rateLimits, form.email)) {
        return invalid(form.intent, { form: [SIGN_IN_BLOCKED_MESSAGE] }, values, 429)
      }
      const result = await auth.signIn(form.email, form.password)
      if (!result) {
        const blocked = await recordFailedSignIn(rateLimits, form.email)
        return blocked
          ? invalid(form.intent, { form: [SIGN_IN_BLOCKED_MESSAGE] }, values, 429)
          : invalid(form.intent, { form: [WRONG_CREDENTIALS_MESSAGE] }, values)
      }
      await clearFailedSignIns(rateLimits, form.email)
      const name = result.user.firstName ? `, ${result.user.firstName}` : ''
      return signedIn(request, result.session, form.redirectTo, `Welcome back${name}`)
    }

    case 'signup': {
      if (formData.get('website')) {
        // Honeypot filled: a bot. Pretend it worked and store nothing.
        return redirectWithToast(request, safeRedirect(form.redirectTo, '/'), {
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
          return invalid(
            form.intent,
            {
              email: [
                'An account already uses this email. Sign in instead, or reset your password.',
              ],
            },
            values,
          )
        }
        throw error
      }
    }

    case 'google': {
      if (!auth.signInWithIdToken) {
        return invalid(form.intent, { form: [GOOGLE_UNAVAILABLE_MESSAGE] }, values)
      }
      let result: Awaited<ReturnType<NonNullable<typeof auth.signInWithIdToken>>>
      try {
        result = await auth.signInWithIdToken(form.idToken)
      } catch (error) {
        // A forged, expired, revoked or too old token: the adapter says AuthProviderError. Anything else
        // (the provider unreachable) is a server fault and stays a 500.
        if (error instanceof AuthProviderError) {
          return invalid(form.intent, { form: [GOOGLE_REJECTED_MESSAGE] }, values)
        }
        throw error
      }
      const name = result.user.firstName ? `, ${result.user.firstName}` : ''
      return signedIn(request, result.session, form.redirectTo, `Welcome${name}`)
    }

    case 'signout': {
      const cookie = await commitSignedOutSession(request, {
        type: 'info',
        title: 'You are signed out',
      })
      return redirect('/', { headers: { 'Set-Cookie': cookie } })
    }

    case 'reset': {
      if (form.token) {
        const changed = await auth.resetPassword(form.token, form.password ?? '')
        if (!changed) {
          return invalid(
            form.intent,
            {
              token: [
                'This reset link is invalid, used or older than 30 minutes. Ask for a new one below.',
              ],
            },
            values,
          )
        }
        return redirectWithToast(request, '/auth', {
          type: 'success',
          title: 'Password changed',
          description: 'Sign in with your new password.',
        })
      }
      const { devLink } = await auth.requestPasswordReset(form.email ?? '', { appUrl: env.appUrl })
      // Answered with data, not a redirect: the development-only link must never travel in a cookie.
      return data<AuthActionData>({
        intent: form.intent,
        errors: {},
        values,
        resetSent: true,
        devResetLink: env.isProduction ? null : devLink,
      })
    }
  }
}
