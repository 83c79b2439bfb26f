import { AsyncLocalStorage } from 'node:async_hooks'

import { remember } from '@epic-web/remember'

/**
 * One incoming HTTP request's scope: what its action and loaders share (the request context). Remix
 * hands each loader and the action a copy of the `Request`, so a memo keyed by the `Request` spans
 * one loader; server.mjs runs each request inside `inRequestScope` instead, and what is kept here
 * lives exactly as long as that request. Values are kept by key, each made on first ask.
 */
export type RequestScope = Map<symbol, unknown>

/**
 * Who a log line speaks for (docs/contracts.md "Production"): the request being handled, or the
 * background job's pass; `user` is the signed-in user's hashed id, once known.
 */
export type LogFields = { requestId?: string; job?: string; user?: string }

// NOTE: remembered, so a `remix dev` rebuild (which evaluates this module again) keeps the one
// storage that server.mjs's wrapper and the rebuilt loaders both see.
const storage = remember('request-scope', () => new AsyncLocalStorage<RequestScope>())

/** Where a scope keeps its log fields. Symbol.for: the same key after a `remix dev` rebuild. */
const LOG_FIELDS = Symbol.for('shop.request-scope.log-fields')

/**
 * Runs `handle`, one incoming HTTP request from start to response, in a scope of its own; every
 * log line written inside it (library code included) carries `log`'s fields.
 */
export function inRequestScope<T>(handle: () => T, log?: LogFields): T {
  const scope: RequestScope = new Map()
  if (log) scope.set(LOG_FIELDS, log)
  return storage.run(scope, handle)
}

/** Runs one pass of a background job (the mail sender, the Bob Go sync...): its lines name `job`. */
export function inJobScope<T>(job: string, handle: () => T): T {
  return inRequestScope(handle, { job })
}

/** The scope of the request being handled; undefined outside one (unit tests, scripts). */
export function currentRequestScope(): RequestScope | undefined {
  return storage.getStore()
}

/** The log fields of the request or job being handled; undefined outside one. */
export function currentLogFields(): LogFields | undefined {
  return storage.getStore()?.get(LOG_FIELDS) as LogFields | undefined
}
