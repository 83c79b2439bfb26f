declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The client's address, read from the socket or X-Forwarded-For per TRUST_PROXY_HOPS. */
    clientIp: string
  }
  interface Future {
    v3_singleFetch: true
  }
}

export {}
