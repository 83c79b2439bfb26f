import { AsyncLocalStorage } from 'node:async_hooks'

import { remember } from '@epic-web/remember'

/**
 * One incoming HTTP request's scope: what its action and loaders share (the request context). Remix
 * hands each loader and the action a copy of the `Request`, so a memo keyed by the `Request` spans
 * one loader; server.mjs runs each request inside `inRequestScope` instead, and what is kept here
 * lives exactly as long as that request. Values are kept by key, each made on first ask.
 */
export type RequestScope = Map<symbol, unknown>

// NOTE: remembered, so a `remix dev` rebuild (which evaluates this module again) keeps the one
// storage that server.mjs's wrapper and the rebuilt loaders both see.
const storage = remember('request-scope', () => new AsyncLocalStorage<RequestScope>())

/** Runs `handle`, one incoming HTTP request from start to response, in a scope of its own. */
export function inRequestScope<T>(handle: () => T): T {
  return storage.run(new Map(), handle)
}

/** The scope of the request being handled; undefined outside one (unit tests, scripts). */
export function currentRequestScope(): RequestScope | undefined {
  return storage.getStore()
}
