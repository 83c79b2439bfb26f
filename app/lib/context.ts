declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The client's address, read from the socket or X-Forwarded-For per TRUST_PROXY_HOPS. */
    clientIp: string
    /** This response's Content-Security-Policy nonce (server.mjs); absent outside the server. */
    cspNonce?: string
    /**
     * Render the whole document before answering (no streamed Suspense fallbacks): the page cache
     * (lib/page-cache) asks for it when the page may be stored and served to others.
     */
    wholeDocument?: boolean
    /**
     * Set when the page cache renders a page to keep (lib/page-cache): the random prefix of the
     * markers the personal parts are rendered as, filled per request (~/lib/personal).
     */
    personalHoles?: string
  }
  interface Future {
    v3_singleFetch: true
  }
}

export {}
