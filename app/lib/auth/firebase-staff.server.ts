import { adminAuth } from './firebase.server'
import type { StaffClaims } from './staff-command.server'

/**
 * The `staff` custom claim on Firebase Auth accounts, keeping the account's other claims. The
 * claim mirrors the profile's role for other Firebase tools; the shop's guard reads the profile.
 */
export function firebaseStaffClaims(projectId: string): StaffClaims {
  const admin = adminAuth(projectId)
  return {
    async setStaffClaim(email, staff) {
      let account
      try {
        account = await admin.getUserByEmail(email)
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code === 'auth/user-not-found')
          return 'no-account'
        throw error
      }
      const { staff: _previous, ...others } = account.customClaims ?? {}
      await admin.setCustomUserClaims(account.uid, staff ? { ...others, staff: true } : others)
      return 'set'
    },
  }
}
