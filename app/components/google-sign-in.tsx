import { useFetcher } from '@remix-run/react'
import type { Auth } from 'firebase/auth'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

import type { GoogleSignInConfig } from '~/lib/auth/google'

import { ErrorList } from './forms'

const APP_NAME = 'karoo-google-sign-in'

/** One client Auth per page life: initializeAuth and connectAuthEmulator may each run only once. */
let authPromise: Promise<Auth> | undefined

function clientAuth(config: GoogleSignInConfig): Promise<Auth> {
  authPromise ??= (async () => {
    // Fetched on the first click only: no page (this one included) downloads the SDK before that.
    const [{ getApps, initializeApp }, authSdk] = await Promise.all([
      import('firebase/app'),
      import('firebase/auth'),
    ])
    const app =
      getApps().find((a) => a.name === APP_NAME) ??
      initializeApp(
        { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId },
        APP_NAME,
      )
    // The shop's own session cookie is the sign-in; keep nothing of Google's in the browser's storage.
    const auth = authSdk.initializeAuth(app, {
      persistence: authSdk.inMemoryPersistence,
      popupRedirectResolver: authSdk.browserPopupRedirectResolver,
    })
    if (config.emulatorHost)
      authSdk.connectAuthEmulator(auth, `http://${config.emulatorHost}`, { disableWarnings: true })
    return auth
  })()
  // A failed chunk download may succeed on the next click.
  authPromise.catch(() => {
    authPromise = undefined
  })
  return authPromise
}

function popupMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  switch (code) {
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
    case 'auth/user-cancelled':
      return 'The Google window was closed before you finished. Try again when you are ready.'
    case 'auth/popup-blocked':
      return 'Your browser blocked the Google window. Allow pop-ups for this site and try again.'
    case 'auth/network-request-failed':
      return 'We could not reach Google. Check your connection and try again.'
    default:
      return 'Google sign-in did not work. Try again, or sign in with your email and password.'
  }
}

/** The part of the /auth action's reply this button reads: conform keeps form errors under ''. */
type ActionReply = { result?: { error?: Record<string, readonly string[] | null | undefined> } }

/**
 * "Continue with Google": only with JavaScript (the popup needs it) and only when sign-in runs on
 * Firebase. The server HTML never holds the button, so a page without JS never shows a dead one.
 * The ID token goes to the /auth action (intent=google), which makes the session like any sign-in.
 */
export function GoogleSignIn({
  config,
  redirectTo,
}: {
  config: GoogleSignInConfig | null
  redirectTo: string
}) {
  const hydrated = useHydrated()
  const fetcher = useFetcher<ActionReply>()
  const [popupOpen, setPopupOpen] = useState(false)
  const [popupError, setPopupError] = useState<string | null>(null)

  if (!hydrated || !config) return null

  const busy = popupOpen || fetcher.state !== 'idle'
  const serverErrors = fetcher.state === 'idle' ? fetcher.data?.result?.error?.[''] : undefined
  const errors = popupError ? [popupError] : serverErrors

  async function continueWithGoogle() {
    if (!config || busy) return
    setPopupError(null)
    setPopupOpen(true)
    try {
      const auth = await clientAuth(config)
      const { GoogleAuthProvider, signInWithPopup } = await import('firebase/auth')
      const provider = new GoogleAuthProvider()
      provider.setCustomParameters({ prompt: 'select_account' })
      const credential = await signInWithPopup(auth, provider)
      const idToken = await credential.user.getIdToken()
      fetcher.submit({ intent: 'google', idToken, redirectTo }, { method: 'post', action: '/auth' })
    } catch (error) {
      setPopupError(popupMessage(error))
    } finally {
      setPopupOpen(false)
    }
  }

  return (
    <div className="google-sign-in">
      <p className="google-sign-in__or">or</p>
      <button
        type="button"
        className="button button--secondary google-button"
        onClick={() => void continueWithGoogle()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        <span aria-hidden="true" className="google-button__mark">
          G
        </span>
        <span>Continue with Google</span>
      </button>
      <ErrorList errors={errors} />
    </div>
  )
}
