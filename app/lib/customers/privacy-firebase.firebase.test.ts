import { randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { adminAuth, createFirebaseAuth } from '~/lib/auth/firebase.server'
import { memoryStore } from '~/lib/data/memory-store.test-helper'

import { deleteAccount } from './privacy.server'

/**
 * Deleting a Firebase account (AUTH_BACKEND=firebase) on the Auth emulator
 * (`node scripts/test-firebase-auth.mjs app/lib/customers/privacy-firebase.firebase.test.ts`):
 * the Auth user goes with the shop's records, so the password opens nothing, every device is
 * signed out, and signing up again with the email starts a fresh account.
 */
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST
const projectId = process.env.GCLOUD_PROJECT ?? process.env.FIREBASE_PROJECT_ID ?? 'demo-shop'
const PASSWORD = 'correct horse battery'
const DEVICE = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
}

describe.skipIf(!emulatorHost)('deleting a Firebase account (Auth emulator)', () => {
  it('removes the Auth user and the profile; the email signs up afresh', async () => {
    const store = memoryStore()
    const auth = createFirebaseAuth({
      users: store.users,
      sessions: store.sessions,
      apiKey: 'demo-api-key',
      projectId,
      emulatorHost,
    })
    const email = `delete-${randomUUID().slice(0, 8)}@example.co.za`
    const { user, session } = await auth.signUp({
      email,
      password: PASSWORD,
      firstName: 'Thandi',
      lastName: 'Mokoena',
    })
    const device = await auth.startSession(session, DEVICE)
    await store.liked.add(user.id, ['rusks'])

    expect(await deleteAccount(store, auth, user.id)).toMatchObject({ kind: 'delete', email })

    await expect(adminAuth(projectId).getUser(user.id)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    })
    expect(await auth.verify(device.id)).toBeNull()
    expect(await auth.signIn(email, PASSWORD)).toBeNull()
    expect(await store.users.get(user.id)).toBeNull()
    // A second deletion (a retry) finds nothing to do and fails on nothing.
    expect(await deleteAccount(store, auth, user.id)).toBeNull()
    await expect(auth.deleteSignIn!(user.id)).resolves.toBeUndefined()

    const again = await auth.signUp({ email, password: PASSWORD, firstName: 'T', lastName: 'M' })
    expect(again.user.id).not.toBe(user.id)
    expect(await store.liked.list(again.user.id)).toEqual([])
    await store.close()
  })
})
