import { createCookieSessionStorage, redirect } from '@remix-run/node'

import { env } from '~/lib/env.server'

/**
 * The one session cookie: signed, httpOnly, SameSite=Lax, Secure in production.
 * SESSION_SECRET may be a comma list; the first signs, all verify (rotation).
 */
export const sessionStorage = createCookieSessionStorage({
  cookie: {
    name: '__session',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: env.isProduction && env.appUrl.startsWith('https:'),
    secrets: env.sessionSecrets,
    maxAge: 60 * 60 * 24 * 30,
  },
})

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get('Cookie'))
}

export { redirect }
