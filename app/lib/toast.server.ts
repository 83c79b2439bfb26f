import { redirect } from '@remix-run/node'

import { visitorCookieSession } from '~/lib/cookies.server'
import { type Toast, type ToastInput, toastSchema } from '~/lib/toast'

const TOAST_KEY = 'toast'

/**
 * Flash messages in a cookie of their own (as epic-stack's toast.server.ts): an action that changes
 * the session and shows a message sets two independent cookies, so it never commits the session
 * twice and no Set-Cookie can undo another. Signed and flagged like the session cookie
 * (cookies.server.ts); it lasts the browser session.
 */
export const toastSessionStorage = visitorCookieSession({ name: 'en_toast' })

/**
 * Headers that flash `toast` for the next page (a toast with JS, an inline notice without): `headers`
 * (e.g. the session's Set-Cookie) plus the toast cookie.
 */
export async function createToastHeaders(toast: ToastInput, headers?: HeadersInit) {
  const session = await toastSessionStorage.getSession()
  session.flash(TOAST_KEY, toastSchema.parse(toast))
  const out = new Headers(headers)
  out.append('Set-Cookie', await toastSessionStorage.commitSession(session))
  return out
}

/** Post/redirect/get with a flash message. */
export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  return redirect(url, { ...init, headers: await createToastHeaders(toast, init?.headers) })
}

/**
 * The flash message for this request, if any, and the headers that clear its cookie (empty when
 * there was none), for the root loader to send with its response.
 */
export async function getToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const session = await toastSessionStorage.getSession(request.headers.get('Cookie'))
  const headers = new Headers()
  if (!session.has(TOAST_KEY)) return { toast: null, headers }
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY))
  headers.append('Set-Cookie', await toastSessionStorage.destroySession(session))
  return { toast: parsed.success ? parsed.data : null, headers }
}
