import type { Session } from '@remix-run/node'

import { getUserId, type UserCheck } from '~/lib/auth/user.server'
import { recentlyViewedIds } from '~/lib/catalog/recently-viewed.server'
import { type Clock, systemClock } from '~/lib/clock'
import { getSession } from '~/lib/cookie-session.server'
import { getStore, type Store } from '~/lib/data/index.server'
import type { User } from '~/lib/data/types'
import { visitorLikes } from '~/lib/liked/liked-cookie.server'
import { currentRequestScope } from '~/lib/request-scope.server'
import type { Toast } from '~/lib/toast'
import { getToast } from '~/lib/toast.server'

/**
 * What a loader or action works with, read once per request: the store, the clock, the cookie
 * session, and on first ask the signed-in user and the visitor cookies. Library functions take
 * this (or the store in it) instead of parsing cookies and looking the store up again.
 */
export type RequestContext = {
  store: Store
  clock: Clock
  /**
   * The session cookie as the request carried it (a visitor's cart, prices seen, orders held, the
   * session record's id). One object per request: whoever changes it, the caller commits it.
   */
  session: Session
  /** The signed-in user's id, or null; verified once (see getUserId for `checkRevoked`). */
  userId(check?: UserCheck): Promise<string | null>
  /** The signed-in user's record, or null. */
  user(check?: UserCheck): Promise<User | null>
  /** The products the visitor's liked cookie holds, newest first (signed out: no store read). */
  visitorLikes(): Promise<string[]>
  /** The products the visitor viewed, newest first. */
  recentlyViewed(): Promise<string[]>
  /** The flash message for this page, and the headers that clear its cookie (see getToast). */
  flash(): Promise<{ toast: Toast | null; headers: Headers }>
}

/** Where an incoming request keeps the context its loaders share (./request-scope.server.ts). */
const LOADERS_CONTEXT = Symbol("the loaders' request context")

/**
 * Outside a request scope (unit tests, scripts), and for an action: one context per `Request`.
 * Remix hands each loader and the action a copy of the request (it strips `?index` and `_data`), so
 * on its own this memo would span one loader, not a whole document request.
 */
const contexts = new WeakMap<Request, Promise<RequestContext>>()

/**
 * This request's context, built on the first call and shared by every later one: by every loader
 * of one incoming HTTP request (the root's and the page's, run on copies of the request), since
 * server.mjs handles each in its own scope. An action (any method but GET and HEAD) keeps a context
 * of its own, so the loaders Remix runs after it read afresh what it changed.
 */
export function requestContext(request: Request): Promise<RequestContext> {
  const scope =
    request.method === 'GET' || request.method === 'HEAD' ? currentRequestScope() : undefined
  if (scope) return memoised(scope, LOADERS_CONTEXT, request)
  return memoised(contexts, request, request)
}

/** The context kept in `memo` under `key`, built from `request` when there is none yet. */
function memoised<K>(
  memo: {
    get(key: K): unknown
    set(key: K, value: Promise<RequestContext>): unknown
    delete(key: K): unknown
  },
  key: K,
  request: Request,
): Promise<RequestContext> {
  let context = memo.get(key) as Promise<RequestContext> | undefined
  if (!context) {
    const built = buildContext(request)
    memo.set(key, built)
    // A failed read (the store not opening) is not kept: the error page may ask again.
    built.catch(() => {
      if (memo.get(key) === built) memo.delete(key)
    })
    context = built
  }
  return context
}

/** The context itself, or the one of a request (for functions that take either). */
export function contextOf(from: Request | RequestContext): Promise<RequestContext> {
  return 'store' in from ? Promise.resolve(from) : requestContext(from)
}

function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined
  return () => (value ??= read())
}

async function buildContext(request: Request): Promise<RequestContext> {
  const [store, session] = await Promise.all([getStore(), getSession(request)])
  const user = new Map<boolean, Promise<User | null>>()
  return {
    store,
    clock: systemClock,
    session,
    userId: (check = {}) => getUserId(request, check, store),
    user(check = {}) {
      const revoked = check.checkRevoked ?? false
      let found = user.get(revoked)
      if (!found) {
        found = getUserId(request, check, store).then((id) => (id ? store.users.get(id) : null))
        user.set(revoked, found)
      }
      return found
    },
    visitorLikes: once(() => visitorLikes(request)),
    recentlyViewed: once(() => recentlyViewedIds(request)),
    flash: once(() => getToast(request)),
  }
}
