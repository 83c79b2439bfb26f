import { createContext, useContext } from 'react'

/**
 * This response's Content-Security-Policy nonce (server.mjs makes one per request), for every
 * inline script the server renders. Empty in the browser: browsers hide nonces from the DOM.
 */
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

/** The CSP nonce to put on `<Scripts>`, `<ScrollRestoration>` and any inline script. */
export function useNonce(): string {
  return useContext(NonceContext)
}
