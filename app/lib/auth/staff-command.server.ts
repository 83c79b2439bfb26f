import type { UserStore } from '~/lib/data/store'

export const STAFF_USAGE = `Usage: npm run staff -- grant EMAIL
       npm run staff -- revoke EMAIL
  grant    lets the account with this email use the back office (/admin)
  revoke   takes the role away; it takes effect on the account's next request`

/** Firebase Auth's side of the role: a `staff` custom claim on the account with this email. */
export type StaffClaims = {
  /** Sets or clears the claim; 'no-account' when Firebase Auth holds no account with this email. */
  setStaffClaim(email: string, staff: boolean): Promise<'set' | 'no-account'>
}

export type StaffCommandDeps = {
  users: Pick<UserStore, 'getByEmail' | 'setStaff'>
  /** Only with AUTH_BACKEND=firebase. */
  claims?: StaffClaims
  log: (line: string) => void
  error: (line: string) => void
}

/**
 * `npm run staff -- grant|revoke EMAIL`: sets the staff role on the store's user (what the back
 * office's guard reads on every request) and, with Firebase Auth, the account's custom claim.
 * Returns the process exit code: 0 done, 1 for a bad command line or an unknown email.
 */
export async function runStaffCommand(
  args: readonly string[],
  { users, claims, log, error }: StaffCommandDeps,
): Promise<number> {
  const [verb, email, ...rest] = args
  if (verb !== 'grant' && verb !== 'revoke') {
    error(`${verb ? `Unknown command "${verb}".` : 'Missing command.'}\n${STAFF_USAGE}`)
    return 1
  }
  if (!email || rest.length > 0) {
    error(`${verb} takes exactly one email address.\n${STAFF_USAGE}`)
    return 1
  }
  const staff = verb === 'grant'
  const user = await users.getByEmail(email.trim())
  if (!user) {
    error(
      `No account with the email ${email.trim()}. Sign up in the shop first, then run this again.`,
    )
    return 1
  }
  await users.setStaff(user.id, staff)
  const claim = claims ? await claims.setStaffClaim(user.email, staff) : null
  log(
    staff
      ? `${user.email} is now staff: the back office is at /admin.`
      : `${user.email} is no longer staff (from their next request).`,
  )
  if (claim === 'set') log(`Firebase Auth: custom claim staff=${staff} set.`)
  if (claim === 'no-account') {
    log(`Firebase Auth: no account with this email yet, so no custom claim was set.`)
  }
  return 0
}
