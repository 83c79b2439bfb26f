import type { ServerResponse } from 'node:http'

import type { HelmetOptions } from 'helmet'

import type { Env } from './env.server'

/** Storyblok's visual editor: it frames the shop and serves the bridge script. */
const STORYBLOK_APP = 'https://app.storyblok.com'
/** Firebase Auth's REST endpoints, which the client SDK calls during Google sign-in. */
const FIREBASE_AUTH_APIS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
]
/** The Google API loader the Firebase Auth popup flow injects to open its iframe. */
const GOOGLE_API_SCRIPTS = 'https://apis.google.com'

/** The response's CSP nonce, set per request by the server (server.mjs) before headers are written. */
export type NonceLocals = { locals?: { cspNonce?: string } }

const nonceSource = (_req: unknown, res: ServerResponse) =>
  `'nonce-${(res as ServerResponse & NonceLocals).locals?.cspNonce ?? ''}'`

/**
 * The Content-Security-Policy directives: scripts only from the shop and carrying this response's
 * nonce (plus the third-party hosts a configured backend loads on purpose), no plugins, no
 * foreign <base>, forms only to the shop and the PayFast gateway of the mode, framed only by the
 * shop itself and Storyblok's editor.
 */
export function cspDirectives(env: Env) {
  const firebaseAuth = env.authBackend === 'firebase'
  const authEmulator = env.firebase.authEmulatorHost
    ? [`http://${env.firebase.authEmulatorHost}`]
    : []
  const storageEmulator = env.firebase.storageEmulatorHost
    ? [`http://${env.firebase.storageEmulatorHost}`]
    : []
  const https = new URL(env.appUrl).protocol === 'https:'
  return {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      nonceSource,
      ...(env.storyblok.token ? [STORYBLOK_APP] : []),
      ...(firebaseAuth ? [GOOGLE_API_SCRIPTS] : []),
    ],
    'script-src-attr': ["'none'"],
    // NOTE: 'unsafe-inline' for styles only: sonner injects a <style> element and React renders
    // style attributes (progress bar, skeletons); styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Product pictures come from the shop, Firebase Storage or Storyblok's asset CDN.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...storageEmulator],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...(firebaseAuth ? [...FIREBASE_AUTH_APIS, ...authEmulator] : []),
      ...(env.nodeEnv === 'development' ? ['ws:'] : []),
    ],
    'frame-src': firebaseAuth
      ? [`https://${env.firebase.projectId}.firebaseapp.com`, ...authEmulator]
      : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", new URL(env.payfast.baseUrl).origin],
    'frame-ancestors': ["'self'", STORYBLOK_APP],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  }
}

/**
 * helmet's options for every response (pages, assets, error pages): the CSP above, HSTS only when
 * the shop is served over https (APP_URL), and the framing left to CSP's frame-ancestors (an
 * X-Frame-Options header would shut Storyblok's editor out).
 */
export function helmetOptions(env: Env): HelmetOptions {
  const https = new URL(env.appUrl).protocol === 'https:'
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(env) },
    // The Google sign-in popup must be able to report back to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: false,
  }
}
