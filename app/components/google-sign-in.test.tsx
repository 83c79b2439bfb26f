import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'

import { renderInRouter } from '../../test/render-in-router'

import { googleSignInConfig } from '~/lib/auth/google.server'

import { GoogleSignIn } from './google-sign-in'

/** Server rendering inside a data router, as the app does (the button submits with a fetcher). */
function render(element: ReactNode): Promise<string> {
  return renderInRouter([{ path: '/auth', element }], 'http://shop.test/auth')
}

const config = { apiKey: 'public-web-key', authDomain: 'karoo.firebaseapp.com', projectId: 'karoo' }

describe('GoogleSignIn', () => {
  it('puts nothing in the server HTML, so a page without JS never shows the button', async () => {
    const html = await render(<GoogleSignIn config={config} redirectTo="/account" />)
    expect(html).not.toContain('Continue with Google')
    expect(html).not.toContain('<button')
    expect(html).not.toContain('public-web-key')
    expect(html).not.toContain('google-sign-in')
  })

  it('renders nothing without a config either', async () => {
    const html = await render(<GoogleSignIn config={null} redirectTo="" />)
    expect(html).not.toContain('Continue with Google')
  })

  it('does not import the Firebase client SDK at module level (it is fetched on click)', async () => {
    const { readFileSync } = await import('node:fs')
    const source = readFileSync(new URL('./google-sign-in.tsx', import.meta.url), 'utf8')
    expect(source).not.toMatch(/^import (?!type)[^\n]*from 'firebase\//m)
    expect(source).toContain("import('firebase/app')")
    expect(source).toContain("import('firebase/auth')")
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
