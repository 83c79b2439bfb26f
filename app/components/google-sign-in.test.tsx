// @vitest-environment jsdom
import { parseWithZod } from '@conform-to/zod'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'

import { renderRoute, renderRouteWithoutJs } from '../../test/render-route'

import { googleSignInConfig } from '~/lib/auth/google.server'

import { GoogleSignIn } from './google-sign-in'

// The Firebase client SDK, faked: records when the page loads it and what the popup answers.
const sdk = vi.hoisted(() => ({
  loaded: [] as string[],
  popup: (): Promise<unknown> => Promise.reject(new Error('no popup answer set')),
}))

vi.mock('firebase/app', () => {
  sdk.loaded.push('firebase/app')
  return { getApps: () => [], initializeApp: () => ({}) }
})

vi.mock('firebase/auth', () => {
  sdk.loaded.push('firebase/auth')
  return {
    initializeAuth: () => ({}),
    inMemoryPersistence: {},
    browserPopupRedirectResolver: {},
    connectAuthEmulator: () => {},
    GoogleAuthProvider: class {
      setCustomParameters() {}
    },
    signInWithPopup: () => sdk.popup(),
  }
})

const config = { apiKey: 'public-web-key', authDomain: 'karoo.firebaseapp.com', projectId: 'karoo' }
const button = { name: 'Continue with Google' }

describe('GoogleSignIn', () => {
  it('is not in the page without JS, so nobody sees a button that cannot work', async () => {
    const { container } = renderRouteWithoutJs(
      <GoogleSignIn config={config} redirectTo="/account" />,
      { url: '/auth' },
    )
    expect(screen.queryByRole('button', button)).not.toBeInTheDocument()
    expect(container).not.toHaveTextContent(/Google/)
    expect(container.innerHTML).not.toContain('public-web-key')
  })

  it('is not offered when sign-in does not run on Firebase', () => {
    const { container } = renderRoute(<GoogleSignIn config={null} redirectTo="" />, {
      url: '/auth',
    })
    expect(screen.queryByRole('button', button)).not.toBeInTheDocument()
    expect(container).toBeEmptyDOMElement()
  })

  it('loads the Firebase SDK only on click, and says so when the Google window is closed', async () => {
    sdk.popup = () =>
      Promise.reject(Object.assign(new Error('closed'), { code: 'auth/popup-closed-by-user' }))
    renderRoute(<GoogleSignIn config={config} redirectTo="/account" />, { url: '/auth' })
    const google = await screen.findByRole('button', button)
    expect(sdk.loaded).toEqual([])

    await userEvent.click(google)
    expect(
      await screen.findByText(
        'The Google window was closed before you finished. Try again when you are ready.',
      ),
    ).toBeVisible()
    expect(sdk.loaded).toEqual(expect.arrayContaining(['firebase/app', 'firebase/auth']))
    expect(screen.getByRole('button', button)).toBeEnabled()
  })

  it('posts the Google ID token to /auth as intent=google with where to go next', async () => {
    sdk.popup = () => Promise.resolve({ user: { getIdToken: () => Promise.resolve('id-token-1') } })
    const posted: Record<string, FormDataEntryValue>[] = []
    renderRoute(<GoogleSignIn config={config} redirectTo="/account" />, {
      url: '/auth',
      // Answers as the /auth action does when the token is refused: conform's reply with a form error.
      action: async ({ request }) => {
        const formData = await request.formData()
        posted.push(Object.fromEntries(formData))
        const submission = parseWithZod(formData, { schema: z.object({ idToken: z.string() }) })
        const result = submission.reply({
          formErrors: ['That Google account could not sign in here.'],
        })
        return { intent: 'google', result }
      },
    })
    await userEvent.click(await screen.findByRole('button', button))
    // The action's form error is shown beside the button.
    expect(await screen.findByText('That Google account could not sign in here.')).toBeVisible()
    expect(posted).toEqual([{ intent: 'google', idToken: 'id-token-1', redirectTo: '/account' }])
  })
})

describe('googleSignInConfig', () => {
  const firebase = { projectId: 'karoo-shop', apiKey: 'AIza-public' }

  it('is null unless sign-in runs on Firebase', () => {
    expect(googleSignInConfig({ authBackend: 'local', firebase })).toBeNull()
    expect(googleSignInConfig({ authBackend: 'local', firebase: {} })).toBeNull()
  })

  it('gives the public web config, with the emulator host only when one is set', () => {
    expect(googleSignInConfig({ authBackend: 'firebase', firebase })).toEqual({
      apiKey: 'AIza-public',
      authDomain: 'karoo-shop.firebaseapp.com',
      projectId: 'karoo-shop',
    })
    expect(
      googleSignInConfig({
        authBackend: 'firebase',
        firebase: { ...firebase, authEmulatorHost: '127.0.0.1:9099' },
      }),
    ).toEqual({
      apiKey: 'AIza-public',
      authDomain: 'karoo-shop.firebaseapp.com',
      projectId: 'karoo-shop',
      emulatorHost: '127.0.0.1:9099',
    })
  })
})
