import { randomUUID } from 'node:crypto'

import { afterAll, describe, expect, it } from 'vitest'

import { seedStore } from '~/lib/seed/seed.server'
import { DEMO_USERS } from '~/lib/seed/users'

import { ensureFirebaseAccounts } from './firebase-accounts.server'
import { adminAuth, createFirebaseAuth, identityToolkitBase } from './firebase.server'
import { memoryStore } from '~/lib/data/memory-store.test-helper'
import { EmailTakenError } from './types'

/**
 * Firebase Auth with profiles made before their Auth account (seeded customers, customers moved
 * over from local accounts, half-made accounts of the past): sign-up, sign-in and Google sign-in
 * link the profile instead of failing. Runs on the Auth emulator (scripts/test-firebase-auth.mjs).
 */
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST
const projectId = process.env.GCLOUD_PROJECT ?? process.env.FIREBASE_PROJECT_ID ?? 'demo-shop'
const PASSWORD = 'correct horse battery'
const LAPTOP = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' }

const email = () => `profile-${randomUUID().slice(0, 8)}@example.co.za`

/** Calls the emulator's Identity Toolkit REST API as a browser with the web API key would. */
async function rest<T>(method: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(
    `${identityToolkitBase(emulatorHost)}/accounts:${method}?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
    },
  )
  const json = (await response.json()) as T
  if (!response.ok) throw new Error(`${method} failed: ${JSON.stringify(json)}`)
  return json
}

/** A Google sign-in as the client SDK's popup would make it (the emulator takes unsigned claims). */
async function googleIdToken(claims: { sub: string; email: string; name: string }) {
  const { idToken } = await rest<{ idToken: string }>('signInWithIdp', {
    postBody: new URLSearchParams({
      id_token: JSON.stringify({ ...claims, email_verified: true }),
      providerId: 'google.com',
    }).toString(),
    requestUri: 'http://localhost',
    returnIdpCredential: true,
  })
  return idToken
}

describe.skipIf(!emulatorHost)('Firebase Auth with an existing profile (Auth emulator)', () => {
  const store = memoryStore()
  const auth = createFirebaseAuth({
    users: store.users,
    sessions: store.sessions,
    apiKey: 'demo-api-key',
    projectId,
    emulatorHost,
  })
  const admin = adminAuth(projectId)
  afterAll(() => store.close())

  /** A customer profile with no Auth account, as the seed or a move from local accounts leaves it. */
  async function existingProfile(address = email()) {
    return store.users.create({
      id: `u-${randomUUID().slice(0, 12)}`,
      email: address,
      firstName: 'Thandi',
      lastName: 'Mokoena',
      phone: '082 123 4567',
      address: null,
    })
  }

  async function signedInAs(session: { userId: string; token: string | null }) {
    const { id } = await auth.startSession(session, LAPTOP)
    return auth.verify(id, { checkRevoked: true })
  }

  it('signs up onto the existing profile instead of failing, and only once', async () => {
    const profile = await existingProfile()
    const { user, session } = await auth.signUp({
      email: profile.email,
      password: PASSWORD,
      firstName: 'Thandi',
      lastName: 'Mokoena',
    })
    expect(user).toEqual(profile)
    expect(session.userId).toBe(profile.id)
    expect(await signedInAs(session)).toBe(profile.id)
    // The Auth account carries the profile's id; there is one profile for the email.
    expect((await admin.getUserByEmail(profile.email)).uid).toBe(profile.id)
    expect(await store.users.getByEmail(profile.email)).toEqual(profile)

    const again = await auth.signIn(profile.email.toUpperCase(), PASSWORD)
    expect(again?.user.id).toBe(profile.id)
    await expect(
      auth.signUp({ email: profile.email, password: PASSWORD, firstName: 'X', lastName: 'Y' }),
    ).rejects.toBeInstanceOf(EmailTakenError)
  })

  it('signs in an account made elsewhere onto the profile with its email, moving it to that id', async () => {
    const profile = await existingProfile()
    // An account of the email with another uid: made in the console, or half-made by a failed sign-up.
    const { localId } = await rest<{ localId: string }>('signUp', {
      email: profile.email,
      password: PASSWORD,
    })
    expect(localId).not.toBe(profile.id)

    const result = await auth.signIn(profile.email, PASSWORD)
    expect(result?.user).toEqual(profile)
    expect(await signedInAs(result!.session)).toBe(profile.id)
    expect((await admin.getUserByEmail(profile.email)).uid).toBe(profile.id)
    await expect(admin.getUser(localId)).rejects.toMatchObject({ code: 'auth/user-not-found' })
    // Still the same password; a wrong one is still refused.
    expect((await auth.signIn(profile.email, PASSWORD))?.user.id).toBe(profile.id)
    expect(await auth.signIn(profile.email, 'wrong password!')).toBeNull()
    expect(await store.users.get(localId)).toBeNull()
  })

  it('signs a Google account in onto the profile with its verified email, and again later', async () => {
    const profile = await existingProfile()
    const sub = `google-${randomUUID()}`
    const claims = { sub, email: profile.email, name: 'Thandi Mokoena' }
    const first = await auth.signInWithIdToken!(await googleIdToken(claims))
    expect(first.user).toEqual(profile)
    expect(await signedInAs(first.session)).toBe(profile.id)
    const account = await admin.getUser(profile.id)
    expect(account.providerData.map((p) => p.providerId)).toContain('google.com')

    // The next Google sign-in lands on the moved account directly.
    const second = await auth.signInWithIdToken!(await googleIdToken(claims))
    expect(second.user.id).toBe(profile.id)
    expect(await store.users.getByEmail(profile.email)).toEqual(profile)
  })

  it('leaves no Auth account behind when a sign-up cannot make its profile', async () => {
    const address = email()
    const realCreate = store.users.create.bind(store.users)
    store.users.create = async () => {
      throw new Error('the store is unavailable')
    }
    try {
      await expect(
        auth.signUp({ email: address, password: PASSWORD, firstName: 'A', lastName: 'B' }),
      ).rejects.toThrow('the store is unavailable')
    } finally {
      store.users.create = realCreate
    }
    await expect(admin.getUserByEmail(address)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    })
    // Trying again works.
    const { user } = await auth.signUp({
      email: address,
      password: PASSWORD,
      firstName: 'A',
      lastName: 'B',
    })
    expect((await admin.getUserByEmail(address)).uid).toBe(user.id)
  })

  it('seeds an Auth account for every demo customer under its profile id, once', async () => {
    const seeded = memoryStore()
    try {
      const accounts = (customers: Parameters<typeof ensureFirebaseAccounts>[0]) =>
        ensureFirebaseAccounts(customers, { projectId })
      await seedStore(seeded, { products: 3, accounts })
      const customer = DEMO_USERS[0]!
      expect((await admin.getUser(customer.id)).email).toBe(customer.email)
      expect(await ensureFirebaseAccounts(DEMO_USERS, { projectId })).toEqual({
        created: 0,
        existing: DEMO_USERS.length,
        elsewhere: 0,
      })
      // A seeded customer's email is taken: the customer resets the password instead.
      const seededAuth = createFirebaseAuth({
        users: seeded.users,
        sessions: seeded.sessions,
        apiKey: 'demo-api-key',
        projectId,
        emulatorHost,
      })
      await expect(
        seededAuth.signUp({
          email: customer.email,
          password: PASSWORD,
          firstName: 'T',
          lastName: 'M',
        }),
      ).rejects.toBeInstanceOf(EmailTakenError)
      expect(
        (await seededAuth.requestPasswordReset(customer.email, { appUrl: 'http://localhost' }))
          .devLink,
      ).toBeNull()
    } finally {
      await seeded.close()
    }
  })
})
