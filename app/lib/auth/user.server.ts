import { redirect } from '@remix-run/node'

import { getStore, type Store } from '~/lib/data/index.server'
import type { User } from '~/lib/data/types'
import { getSession, sessionStorage } from '~/lib/cookie-session.server'
import { noteRequestUser } from '~/lib/request-log.server'

import { getAuth } from './index.server'
import type { AuthSession } from './types'

/** The cookie holds only this: the id of the session record in the store. */
const SESSION_ID = 'sessionId'

/** `checkRevoked` asks Firebase whether the session was revoked: account changes and checkout only. */
export type UserCheck = { checkRevoked?: boolean }

/**
 * Per-request memos: the root loader, the route's guard and its action share one verification;
 * a check that asked Firebase about revocation also answers the plain checks after it.
 */
const verified = new WeakMap<Request, Promise<string | null>>()
const verifiedNotRevoked = new WeakMap<Request, Promise<string | null>>()

/** The id of this device's session record, as the signed cookie carries it, or null. */
export async function getSessionId(request: Request): Promise<string | null> {
  const sessionId: unknown = (await getSession(request)).get(SESSION_ID)
  return typeof sessionId === 'string' && sessionId ? sessionId : null
}

/**
 * The signed-in user's id, or null. The cookie is signed and names a session record, which every
 * request looks up in the store (a signed-out session's copied cookie finds nothing); for Firebase
 * its session cookie is also verified (locally, with cached keys). `checkRevoked` asks Firebase
 * whether the session was revoked: account changes and checkout only.
 */
export async function getUserId(
  request: Request,
  check: UserCheck = {},
  store?: Store,
): Promise<string | null> {
  const memo = check.checkRevoked ? verifiedNotRevoked : verified
  const cached = verifiedNotRevoked.get(request) ?? memo.get(request)
  if (cached) return cached
  const promise = (async () => {
    const sessionId = await getSessionId(request)
    if (!sessionId) return null
    const userId = await (await getAuth(store)).verify(sessionId, check)
    // The request's log line names the user, hashed (docs/contracts.md "Production").
    if (userId) noteRequestUser(userId)
    return userId
  })()
  memo.set(request, promise)
  return promise
}

export async function optionalUser(request: Request, check: UserCheck = {}): Promise<User | null> {
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
export async function requireUser(request: Request, check: UserCheck = {}): Promise<User> {
  const user = await optionalUser(request, check)
  if (!user) throw redirect(signInUrl(request))
  return user
}

/** The `authenticated` guard for a loader that needs only the id, not the user record. */
export async function requireUserId(request: Request, check: UserCheck = {}): Promise<string> {
  const userId = await getUserId(request, check)
  if (!userId) throw redirect(signInUrl(request))
  return userId
}

/**
 * A fresh session for a sign-in (rotation: nothing of the visitor's session carries over): a new
 * session record for this device, its id in the cookie. A session this browser held before ends,
 * so no copy of the old cookie outlives it. Returns the Set-Cookie value.
 */
export async function commitUserSession(auth: AuthSession, request: Request) {
  const adapter = await getAuth()
  const previous = await getSessionId(request)
  if (previous) await adapter.signOut(previous)
  const record = await adapter.startSession(auth, {
    userAgent: request.headers.get('User-Agent') ?? '',
  })
  const session = await sessionStorage.getSession()
  session.set(SESSION_ID, record.id)
  return sessionStorage.commitSession(session)
}

/** Signs out: deletes this device's session record and replaces the cookie with an empty one. */
export async function commitSignedOutSession(request: Request) {
  const sessionId = await getSessionId(request)
  if (sessionId) await (await getAuth()).signOut(sessionId)
  return sessionStorage.commitSession(await sessionStorage.getSession())
}
