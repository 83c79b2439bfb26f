import { beforeEach, describe, expect, it } from 'vitest'

import type { User } from '~/lib/data/types'

import { runStaffCommand, type StaffClaims } from './staff-command.server'

/** The command over a small user list and, for Firebase, a claims fake: what it prints and changes. */

let users: Map<string, User>
let claims: Map<string, boolean>
let out: string[]
let err: string[]

beforeEach(() => {
  const lerato = { id: 'u-1', email: 'lerato@example.co.za', staff: false } as User
  users = new Map([[lerato.id, lerato]])
  claims = new Map()
  out = []
  err = []
})

const userStore = {
  getByEmail: async (email: string) =>
    [...users.values()].find((u) => u.email === email.toLowerCase()) ?? null,
  setStaff: async (id: string, staff: boolean) => {
    const user = users.get(id)
    if (!user) return null
    const updated = { ...user, staff }
    users.set(id, updated)
    return updated
  },
}

const firebaseClaims: StaffClaims = {
  setStaffClaim: async (email, staff) => {
    if (email === 'profile-only@example.co.za') return 'no-account'
    claims.set(email, staff)
    return 'set'
  },
}

const run = (args: string[], withClaims = false) =>
  runStaffCommand(args, {
    users: userStore,
    claims: withClaims ? firebaseClaims : undefined,
    log: (line) => out.push(line),
    error: (line) => err.push(line),
  })

describe('npm run staff', () => {
  it('grants the role to the account with that email, and revokes it', async () => {
    await expect(run(['grant', 'Lerato@Example.co.za'])).resolves.toBe(0)
    expect(users.get('u-1')?.staff).toBe(true)
    expect(out.join('\n')).toMatch(/lerato@example\.co\.za is now staff/)

    await expect(run(['revoke', 'lerato@example.co.za'])).resolves.toBe(0)
    expect(users.get('u-1')?.staff).toBe(false)
    expect(out.at(-1)).toMatch(/no longer staff/)
    expect(err).toEqual([])
  })

  it('with Firebase Auth also sets and clears the custom claim', async () => {
    await run(['grant', 'lerato@example.co.za'], true)
    expect(claims.get('lerato@example.co.za')).toBe(true)
    expect(out.join('\n')).toMatch(/custom claim staff=true/)
    await run(['revoke', 'lerato@example.co.za'], true)
    expect(claims.get('lerato@example.co.za')).toBe(false)
  })

  it('says so when Firebase Auth has no account for the profile, and still sets the role', async () => {
    users.set('u-2', { id: 'u-2', email: 'profile-only@example.co.za', staff: false } as User)
    await expect(run(['grant', 'profile-only@example.co.za'], true)).resolves.toBe(0)
    expect(users.get('u-2')?.staff).toBe(true)
    expect(out.join('\n')).toMatch(/no account with this email yet/)
  })

  it('refuses an unknown email with exit code 1 and changes nothing', async () => {
    await expect(run(['grant', 'nobody@example.co.za'], true)).resolves.toBe(1)
    expect(err.join('\n')).toMatch(/No account with the email nobody@example\.co\.za/)
    expect(claims.size).toBe(0)
    expect(out).toEqual([])
  })

  it.each([
    [[], /Missing command/],
    [['promote', 'lerato@example.co.za'], /Unknown command "promote"/],
    [['grant'], /grant takes exactly one email/],
    [['revoke', 'a@example.co.za', 'b@example.co.za'], /revoke takes exactly one email/],
  ])('refuses %j with the usage and exit code 1', async (args, message) => {
    await expect(run(args)).resolves.toBe(1)
    expect(err.join('\n')).toMatch(message)
    expect(err.join('\n')).toMatch(/Usage: npm run staff -- grant EMAIL/)
    expect(users.get('u-1')?.staff).toBe(false)
  })
})
