import { randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { adminAuth } from './firebase.server'
import { firebaseStaffClaims } from './firebase-staff.server'

/**
 * The `staff` custom claim `npm run staff` sets with AUTH_BACKEND=firebase, on the Auth emulator
 * (scripts/test-firebase-auth.mjs): set and cleared, the account's other claims kept.
 */
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST
const projectId = process.env.GCLOUD_PROJECT ?? process.env.FIREBASE_PROJECT_ID ?? 'demo-shop'

describe.skipIf(!emulatorHost)('the staff custom claim (Auth emulator)', () => {
  const admin = adminAuth(projectId)
  const claims = firebaseStaffClaims(projectId)

  it('grants and revokes the claim, keeping the account’s other claims', async () => {
    const email = `staff-${randomUUID().slice(0, 8)}@example.co.za`
    const { uid } = await admin.createUser({ email })
    await admin.setCustomUserClaims(uid, { region: 'wc' })

    await expect(claims.setStaffClaim(email, true)).resolves.toBe('set')
    expect((await admin.getUser(uid)).customClaims).toEqual({ region: 'wc', staff: true })

    await expect(claims.setStaffClaim(email, false)).resolves.toBe('set')
    expect((await admin.getUser(uid)).customClaims).toEqual({ region: 'wc' })
  })

  it('answers no-account for an email Firebase Auth does not hold', async () => {
    await expect(
      claims.setStaffClaim(`nobody-${randomUUID().slice(0, 8)}@example.co.za`, true),
    ).resolves.toBe('no-account')
  })
})
