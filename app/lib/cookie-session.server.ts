import type { Session } from '@remix-run/node'

import { visitorCookieSession } from '~/lib/cookies.server'

/** The one session cookie (signed and flagged by the shop's cookie rule, cookies.server.ts). */
export const sessionStorage = visitorCookieSession({ name: '__session', maxAge: 60 * 60 * 24 * 30 })

const sessions = new WeakMap<Request, Promise<Session>>()

/**
 * The request's session, parsed once: every reader in one loader or action gets the same object,
 * so a change one function makes is the one the caller commits.
 */
export function getSession(request: Request): Promise<Session> {
  let session = sessions.get(request)
  if (!session) {
    session = sessionStorage.getSession(request.headers.get('Cookie'))
    sessions.set(request, session)
  }
  return session
}
