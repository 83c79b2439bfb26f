/**
 * Grants or revokes the back office's staff role on the configured backends (DATA_BACKEND, and with
 * AUTH_BACKEND=firebase the account's custom claim): `npm run staff -- grant you@example.com`,
 * `npm run staff -- revoke you@example.com`.
 */
import { runStaffCommand, type StaffClaims } from '~/lib/auth/staff-command.server'
import { getStore } from '~/lib/data/index.server'
import { env } from '~/lib/env.server'

async function main(): Promise<number> {
  const store = await getStore()
  try {
    let claims: StaffClaims | undefined
    if (env.authBackend === 'firebase') {
      // Loaded on demand: the local default never pulls in firebase-admin.
      const { firebaseStaffClaims } = await import('~/lib/auth/firebase-staff.server')
      claims = firebaseStaffClaims(env.firebase.projectId ?? '')
    }
    return await runStaffCommand(process.argv.slice(2), {
      users: store.users,
      claims,
      log: (line) => console.log(line),
      error: (line) => console.error(line),
    })
  } finally {
    await store.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Staff command failed:', error)
    process.exit(1)
  },
)
