import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import type * as AuthIndex from '~/lib/auth/index.server'
import type * as DataIndex from '~/lib/data/index.server'

import type * as AuthActions from './auth-action.server'

/** The sign-in throttles through the /auth action, over a real SQLite store in a temp dir. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'sign-in-throttle-'))
process.env.DATA_DIR = dataDir
process.env.AUTH_BACKEND = 'local'

let auth: typeof AuthActions
let store: Awaited<ReturnType<typeof DataIndex.getStore>>
let adapter: Awaited<ReturnType<typeof AuthIndex.getAuth>>

beforeAll(async () => {
  auth = await import('./auth-action.server')
  store = await (await import('~/lib/data/index.server')).getStore()
  adapter = await (await import('~/lib/auth/index.server')).getAuth()
})

afterEach(() => {
  vi.useRealTimers()
})

afterAll(async () => {
  await store.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Posts a sign-in from `clientIp` and reads the answer: a redirect, or conform's reply with its status. */
async function signIn(email: string, password: string, clientIp: string) {
  const request = new Request('http://localhost:3000/auth', {
    method: 'POST',
    body: new URLSearchParams({ intent: 'signin', email, password }),
  })
  const result = await auth.authAction({ request, clientIp })
  if (result instanceof Response) return { status: result.status, formErrors: [] as string[] }
  const { data, init } = result as unknown as {
    data: { result: { error?: Record<string, string[] | null> } }
    init: ResponseInit | null
  }
  return { status: init?.status ?? 200, formErrors: data.result.error?.[''] ?? [] }
}

async function customer(email: string) {
  await adapter.signUp({
    email,
    password: 'right password',
    firstName: 'Thandi',
    lastName: 'Mokoena',
  })
}

describe('sign-in throttle per client IP', () => {
  it('refuses every sign-in from an IP after 20 failures across many emails, saying when to try again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'))
    await customer('ip-victim@example.co.za')
    const ip = '203.0.113.7'
    for (let i = 0; i < 19; i++) {
      const r = await signIn(`guess${i}@example.co.za`, 'wrong password', ip)
      expect(r.status).toBe(400)
    }
    const twentieth = await signIn('guess19@example.co.za', 'wrong password', ip)
    expect(twentieth).toEqual({
      status: 429,
      formErrors: ['Too many attempts; try again in 15 minutes'],
    })

    vi.setSystemTime(new Date('2026-03-01T10:03:00Z'))
    // The right password from the blocked IP waits too; from another IP it signs in.
    expect(await signIn('ip-victim@example.co.za', 'right password', ip)).toEqual({
      status: 429,
      formErrors: ['Too many attempts; try again in 12 minutes'],
    })
    expect((await signIn('ip-victim@example.co.za', 'right password', '203.0.113.8')).status).toBe(
      302,
    )

    vi.setSystemTime(new Date('2026-03-01T10:15:01Z'))
    expect((await signIn('ip-victim@example.co.za', 'right password', ip)).status).toBe(302)
  })

  it('says when to try again on the per-email limit too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-02T10:00:00Z'))
    await customer('email-victim@example.co.za')
    for (let i = 0; i < 4; i++) {
      expect(
        (await signIn('email-victim@example.co.za', 'wrong password', `198.51.100.${i}`)).status,
      ).toBe(400)
    }
    expect(await signIn('email-victim@example.co.za', 'wrong password', '198.51.100.4')).toEqual({
      status: 429,
      formErrors: ['Too many attempts; try again in 15 minutes'],
    })
    vi.setSystemTime(new Date('2026-03-02T10:14:10Z'))
    expect(await signIn('email-victim@example.co.za', 'right password', '198.51.100.9')).toEqual({
      status: 429,
      formErrors: ['Too many attempts; try again in 1 minute'],
    })
  })
})

describe('sign-in throttle under a burst', () => {
  it('checks the password of at most five of 40 parallel sign-ins for one email', async () => {
    const email = 'burst-victim@example.co.za'
    await customer(email)
    const checked = vi.spyOn(adapter, 'signIn')
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => signIn(email, 'wrong password', `192.0.2.${i + 1}`)),
      )
      expect(checked.mock.calls.length).toBeLessThanOrEqual(5)
      expect(checked.mock.calls.length).toBeGreaterThan(0)
      expect(answers.filter((a) => a.status === 400)).toHaveLength(4)
      // The fifth failure and every refused attempt say when to try again.
      expect(answers.filter((a) => a.status === 429)).toHaveLength(36)
      expect(new Set(answers.filter((a) => a.status === 429).map((a) => a.formErrors[0]))).toEqual(
        new Set(['Too many attempts; try again in 15 minutes']),
      )
    } finally {
      checked.mockRestore()
    }
  })

  it('lets the right password sent 13th among 40 sign in only if it was one of the five checked', async () => {
    const email = 'burst-owner@example.co.za'
    await customer(email)
    const checked = vi.spyOn(adapter, 'signIn')
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          signIn(email, i === 12 ? 'right password' : 'wrong password', `198.51.100.${i + 1}`),
        ),
      )
      expect(checked.mock.calls.length).toBeLessThanOrEqual(5)
      const rightChecked = checked.mock.calls.some(([, password]) => password === 'right password')
      expect(answers.filter((a) => a.status === 302)).toHaveLength(rightChecked ? 1 : 0)
      expect(answers[12]!.status).toBe(rightChecked ? 302 : 429)
    } finally {
      checked.mockRestore()
    }
  })

  it('judges at most twenty of 40 parallel sign-ins at 40 emails from one address', async () => {
    const checked = vi.spyOn(adapter, 'signIn')
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          signIn(`spray${i}@example.co.za`, 'wrong password', '203.0.113.99'),
        ),
      )
      expect(checked.mock.calls).toHaveLength(20)
      expect(answers.filter((a) => a.status === 400)).toHaveLength(19)
      expect(answers.filter((a) => a.status === 429)).toHaveLength(21)
    } finally {
      checked.mockRestore()
    }
  })
})
