import { createCookie, createCookieSessionStorage } from '@remix-run/node'

import { env } from '~/lib/env.server'

/** What a visitor cookie decides for itself: the rest is the shop's rule for every cookie. */
export interface VisitorCookieSpec {
  name: string
  /** Seconds the browser keeps it; without, it lasts the browser session. */
  maxAge?: number
}

/**
 * The rule every cookie the shop sets follows: signed with SESSION_SECRET (a comma list: the first
 * signs, all verify, so a secret can be rotated), httpOnly, SameSite=Lax, path /, and Secure in
 * production when APP_URL is https.
 * NOTE: Secure needs https too, so a production build tried on plain http localhost keeps its cookies.
 */
function visitorCookieOptions({ maxAge }: VisitorCookieSpec) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: env.isProduction && env.appUrl.startsWith('https:'),
    secrets: env.sessionSecrets,
    ...(maxAge === undefined ? {} : { maxAge }),
  }
}

/** A signed cookie holding one value (liked products, recently viewed). */
export function visitorCookie(spec: VisitorCookieSpec) {
  return createCookie(spec.name, visitorCookieOptions(spec))
}

/** A signed cookie holding a session (the session itself, the flash message). */
export function visitorCookieSession(spec: VisitorCookieSpec) {
  return createCookieSessionStorage({ cookie: { name: spec.name, ...visitorCookieOptions(spec) } })
}
