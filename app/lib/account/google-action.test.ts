import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type * as Session from '~/lib/auth/user.server'

import type * as AuthActions from './auth-action.server'

/**
 * The /auth action's google intent on Firebase, end to end over the Auth emulator (skipped without
 * FIREBASE_AUTH_EMULATOR_HOST; `node scripts/test-firebase-auth.mjs` runs it). The local backend's
 * "not available" answer is in actions.test.ts.
 */
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST
const projectId = process.env.GCLOUD_PROJECT ?? 'demo-shop'

async function googleIdToken(claims: {
  sub: string
  email: string
  name: string
}): Promise<string> {
  const response = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        postBody: new URLSearchParams({
          id_token: JSON.stringify({ ...claims, email_verified: true }),
          providerId: 'google.com',
        }).toString(),
        requestUri: 'http://localhost',
        returnSecureToken: true,
        returnIdpCredential: true,
      }),
    },
  )
  const json = (await response.json()) as { idToken?: string }
  if (!json.idToken) throw new Error(`signInWithIdp failed: ${JSON.stringify(json)}`)
  return json.idToken
}

describe.skipIf(!emulatorHost)('/auth intent=google on Firebase (Auth emulator)', () => {
  let dataDir = ''
  let auth: typeof AuthActions
  let session: typeof Session

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'auth-google-'))
    process.env.DATA_DIR = dataDir
    process.env.AUTH_BACKEND = 'firebase'
    process.env.FIREBASE_PROJECT_ID = projectId
    process.env.FIREBASE_API_KEY = 'demo-api-key'
    auth = await import('./auth-action.server')
    session = await import('~/lib/auth/user.server')
  })

  afterAll(async () => {
    const { getStore } = await import('~/lib/data/index.server')
    await (await getStore()).close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const post = (fields: Record<string, string>, cookie = '') =>
    new Request('http://localhost:3000/auth', {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: cookie ? { Cookie: cookie } : {},
    })

  it('signs in with a Google ID token: a session cookie for that user and a safe redirect', async () => {
    const address = `google-${randomUUID().slice(0, 8)}@example.co.za`
    const idToken = await googleIdToken({
      sub: randomUUID(),
      email: address,
      name: 'Naledi Khumalo',
    })
    const result = await auth.authAction({
      request: post({ intent: 'google', idToken, redirectTo: '/account' }),
    })
    expect(result).toBeInstanceOf(Response)
    const response = result as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/account')
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const user = await session.optionalUser(
      new Request('http://localhost:3000/', { headers: { Cookie: cookie } }),
    )
    expect(user).toMatchObject({ email: address, firstName: 'Naledi', lastName: 'Khumalo' })

    const offSite = await googleIdToken({ sub: randomUUID(), email: `x-${address}`, name: 'X Y' })
    const evil = (await auth.authAction({
      request: post({ intent: 'google', idToken: offSite, redirectTo: 'https://evil.example' }),
    })) as Response
    expect(evil.headers.get('Location')).toBe('/')
  })

  it('answers a rejected token with 400 and a form error, not a stack', async () => {
    const result = (await auth.authAction({
      request: post({ intent: 'google', idToken: 'not-a-real-token' }),
    })) as unknown as {
      data: { result: { error?: Record<string, string[] | null> } }
      init: { status: number }
    }
    expect(result.init.status).toBe(400)
    expect(result.data.result.error?.['']).toEqual([auth.GOOGLE_REJECTED_MESSAGE])
  })
})
