import { forget, remember } from '@epic-web/remember'

/**
 * Process-wide singletons that are opened asynchronously (the store, the sign-in adapter), kept
 * through `remember` so a `remix dev` rebuild, which re-evaluates the server bundle, reuses them.
 *
 * NOTE: a plain `remember(name, () => open())` would keep a rejected promise for the life of the
 * process, so one failed open (a locked file, an unreachable emulator) would fail every later
 * request. Here a rejection is forgotten and the next call opens again.
 *
 * `create` receives `forgetThis`, which forgets the name only while it still holds this very
 * promise (a store's `close` uses it, so the next call opens a fresh one).
 */
export function rememberPromise<T>(
  name: string,
  create: (forgetThis: () => void) => Promise<T>,
): Promise<T> {
  return remember(name, () => {
    const forgetThis = () => {
      // `remember` returns the current value, or remembers ours when there is none: either way,
      // the name is forgotten only when it is ours.
      if (remember(name, () => promise) === promise) forget(name)
    }
    // `create` starts on the next microtask, so `promise` exists by the time it can call forgetThis.
    const promise: Promise<T> = Promise.resolve()
      .then(() => create(forgetThis))
      .catch((error: unknown) => {
        forgetThis()
        throw error
      })
    return promise
  })
}

/**
 * A promise per key (e.g. per store) in a remembered map; a rejected one is dropped so the next
 * call for that key tries again.
 */
export function promisePerKey<K extends object, V>(name: string) {
  const promises = remember(name, () => new WeakMap<K, Promise<V>>())
  return (key: K, create: (key: K) => Promise<V>): Promise<V> => {
    const known = promises.get(key)
    if (known) return known
    const promise = create(key)
    promises.set(key, promise)
    promise.catch(() => {
      if (promises.get(key) === promise) promises.delete(key)
    })
    return promise
  }
}
