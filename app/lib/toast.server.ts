import { redirect, type Session } from '@remix-run/node'

import { getSession, sessionStorage } from '~/lib/session.server'
import { type Toast, type ToastInput, toastSchema } from '~/lib/toast'

const FLASH_KEY = 'toast'

/**
 * Puts a flash message into a session the caller commits itself (when the same response also
 * changes the session, committing twice would let one Set-Cookie undo the other).
 */
export function putToast(session: Session, toast: ToastInput) {
  session.flash(FLASH_KEY, toastSchema.parse(toast))
}

/** Stores a flash message that the next page shows (a toast with JS, an inline notice without). */
export async function flashToast(request: Request, toast: ToastInput, headers?: HeadersInit) {
  const session = await getSession(request)
  putToast(session, toast)
  const out = new Headers(headers)
  out.append('Set-Cookie', await sessionStorage.commitSession(session))
  return out
}

/** Post/redirect/get with a flash message. */
export async function redirectWithToast(
  request: Request,
  url: string,
  toast: ToastInput,
  init?: ResponseInit,
) {
  return redirect(url, { ...init, headers: await flashToast(request, toast, init?.headers) })
}

/** Reads (and consumes) the flash message; returns the Set-Cookie header that clears it. */
export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const session = await getSession(request)
  // NOTE: ask before reading: `get` consumes a flash value, after which `has` says false.
  const flashed = session.has(FLASH_KEY)
  const parsed = toastSchema.safeParse(session.get(FLASH_KEY))
  const headers = new Headers()
  if (flashed) headers.append('Set-Cookie', await sessionStorage.commitSession(session))
  return { toast: parsed.success ? parsed.data : null, headers }
}
