declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The client's address, read from the socket or X-Forwarded-For per TRUST_PROXY_HOPS. */
    clientIp: string
    /** This response's Content-Security-Policy nonce (server.mjs); absent outside the server. */
    cspNonce?: string
  }
  interface Future {
    v3_singleFetch: true
  }
}

export {}
