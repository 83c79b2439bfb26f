import type { LoaderFunctionArgs } from '@remix-run/node'

/**
 * Route guards ("route middleware"): each takes the request and either returns or throws a
 * redirect. Routes name the guards they need; the names are checked when the server build is
 * loaded, so a typo stops the server at start-up instead of failing a shopper's request.
 */
export type Guard = (args: Pick<LoaderFunctionArgs, 'request' | 'context' | 'params'>) => Promise<void>

const registry = new Map<string, Guard>()

/** Registers a guard under a name; each name once. */
export function defineGuard(name: string, guard: Guard) {
  if (registry.has(name)) throw new Error(`Route guard "${name}" is defined twice`)
  registry.set(name, guard)
}

/** The registered guard names, for error messages and tests. */
export function guardNames() {
  return [...registry.keys()]
}

/**
 * Wraps a loader or action so that the named guards run first, in order.
 * Unknown names throw here, i.e. while the route module is evaluated at start-up.
 *
 * NOTE: mark the call with a `@__PURE__` comment in routes (see account.tsx). The browser build drops
 * a route's loader only if the bundler may treat the call as side-effect free; without the
 * annotation the call stays in the client bundle, where this .server module is empty.
 */
export function guarded<Args extends Pick<LoaderFunctionArgs, 'request' | 'context' | 'params'>, Result>(
  names: readonly string[],
  handler: (args: Args) => Promise<Result>,
): (args: Args) => Promise<Result> {
  const guards = names.map((name) => {
    const guard = registry.get(name)
    if (!guard) {
      throw new Error(
        `Unknown route guard "${name}"; known guards: ${guardNames().join(', ') || '(none)'}`,
      )
    }
    return guard
  })
  return async (args) => {
    for (const guard of guards) await guard(args)
    return handler(args)
  }
}

// The shop's guards, registered once here so every route that names them finds them at start-up.
import { authenticated } from './auth/guard.server'
import { cartCheck } from './cart/guard.server'

defineGuard('authenticated', authenticated)
defineGuard('cartCheck', cartCheck)
