/**
 * What the "Continue with Google" button needs to start the Firebase client SDK. Public by design:
 * a Firebase web API key identifies the project, it grants nothing by itself (no secrets here).
 */
export type GoogleSignInConfig = {
  apiKey: string
  authDomain: string
  projectId: string
  /** host:port of the Auth emulator, development and tests only (env.server.ts refuses it in production). */
  emulatorHost?: string
}
