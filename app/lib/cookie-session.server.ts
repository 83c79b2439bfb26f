import { visitorCookieSession } from '~/lib/cookies.server'

/** The one session cookie (signed and flagged by the shop's cookie rule, cookies.server.ts). */
export const sessionStorage = visitorCookieSession({ name: '__session', maxAge: 60 * 60 * 24 * 30 })

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get('Cookie'))
}
