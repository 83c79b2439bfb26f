import { redirect } from '@remix-run/node'

import { getStore } from '~/lib/data/index.server'
import type { User } from '~/lib/data/types'
import { getSession, sessionStorage } from '~/lib/session.server'

import { getAuth } from './index.server'
import type { AuthSession } from './types'

const USER_ID = 'userId'
const AUTH_TOKEN = 'authToken'

type Check = { checkRevoked?: boolean }

/**
 * Per-request memos: the root loader, the route's guard and its action share one verification;
 * a check that asked Firebase about revocation also answers the plain checks after it.
 */
const verified = new WeakMap<Request, Promise<string | null>>()
const verifiedNotRevoked = new WeakMap<Request, Promise<string | null>>()

async function readAuthSession(request: Request): Promise<AuthSession | null> {
  const session = await getSession(request)
  const userId: unknown = session.get(USER_ID)
  if (typeof userId !== 'string' || !userId) return null
  const token: unknown = session.get(AUTH_TOKEN)
  return { userId, token: typeof token === 'string' ? token : null }
}

/**
 * The signed-in user's id, or null. The session cookie is signed; for Firebase its session
 * cookie is also verified (locally, with cached keys) on every request. `checkRevoked` asks
 * Firebase whether the session was revoked: account changes and checkout only.
 */
export async function getUserId(request: Request, check: Check = {}): Promise<string | null> {
  const memo = check.checkRevoked ? verifiedNotRevoked : verified
  const cached = verifiedNotRevoked.get(request) ?? memo.get(request)
  if (cached) return cached
  const promise = (async () => {
    const auth = await readAuthSession(request)
    if (!auth) return null
    return (await getAuth()).verify(auth, check)
  })()
  memo.set(request, promise)
  return promise
}

export async function optionalUser(request: Request, check: Check = {}): Promise<User | null> {
  const userId = await getUserId(request, check)
  if (!userId) return null
  return (await getStore()).users.get(userId)
}

/** Where a visitor is sent to sign in, coming back to `request`'s path and query afterwards. */
export function signInUrl(request: Request) {
  const url = new URL(request.url)
  const path = `${url.pathname}${url.search}`
  return `/auth?${new URLSearchParams({ redirectTo: path })}`
}

/**
 * The specification's `authenticated` guard, called on the first line of a loader or action:
 * the signed-in user, or a thrown redirect to /auth?redirectTo=<path+search> so the visitor
 * comes back here after signing in.
 */
export async function requireUser(request: Request, check: Check = {}): Promise<User> {
  const user = await optionalUser(request, check)
  if (!user) throw redirect(signInUrl(request))
  return user
}

/** The `authenticated` guard for a loader that needs only the id, not the user record. */
export async function requireUserId(request: Request, check: Check = {}): Promise<string> {
  const userId = await getUserId(request, check)
  if (!userId) throw redirect(signInUrl(request))
  return userId
}

/**
 * A fresh session for a sign-in (rotation: nothing of the visitor's session carries over),
 * holding the user id and the Firebase session cookie if any. Returns the Set-Cookie value.
 */
export async function commitUserSession(auth: AuthSession) {
  const session = await sessionStorage.getSession()
  session.set(USER_ID, auth.userId)
  if (auth.token) session.set(AUTH_TOKEN, auth.token)
  return sessionStorage.commitSession(session)
}

/** Signs out: ends the provider's session and replaces the cookie with an empty one. */
export async function commitSignedOutSession(request: Request) {
  const auth = await readAuthSession(request)
  if (auth) await (await getAuth()).signOut(auth)
  return sessionStorage.commitSession(await sessionStorage.getSession())
}
