import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type * as AuthIndex from '~/lib/auth/index.server'
import type * as ContactActions from '~/lib/contact/contact-action.server'
import type * as DataIndex from '~/lib/data/index.server'
import type * as Toasts from '~/lib/toast.server'
import { honeypotFields } from '../../../test/honeypot-fields'

import type * as AuthActions from './auth-action.server'

/**
 * Reset, sign-up and contact tell an attacker nothing and mail no stranger (docs/contracts.md
 * "Hostile input and limits"), through the actions over a real SQLite store in a temp dir.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'tells-nothing-'))
process.env.DATA_DIR = dataDir
process.env.AUTH_BACKEND = 'local'

let auth: typeof AuthActions
let contact: typeof ContactActions
let toasts: typeof Toasts
let store: Awaited<ReturnType<typeof DataIndex.getStore>>
let adapter: Awaited<ReturnType<typeof AuthIndex.getAuth>>

beforeAll(async () => {
  auth = await import('./auth-action.server')
  contact = await import('~/lib/contact/contact-action.server')
  toasts = await import('~/lib/toast.server')
  store = await (await import('~/lib/data/index.server')).getStore()
  adapter = await (await import('~/lib/auth/index.server')).getAuth()
})

afterAll(async () => {
  await store.close()
  rmSync(dataDir, { recursive: true, force: true })
})

let n = 0
const freshEmail = () => `fresh${n++}-${Date.now().toString(36)}@example.co.za`

async function customer(email: string) {
  await adapter.signUp({ email, password: 'right password', firstName: 'Thandi', lastName: 'M' })
}

function post(url: string, fields: Record<string, string>) {
  return new Request(`http://localhost:3000${url}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
}

/**
 * What the page sees of an action's answer: status, redirect, the toast it flashes (its random id
 * aside), the body, and which cookies it sets.
 */
async function seen(result: unknown) {
  if (result instanceof Response) {
    const cookies = result.headers.getSetCookie().map((line) => line.split(';')[0]!)
    const { toast } = await toasts.getToast(
      new Request('http://localhost:3000/', { headers: { Cookie: cookies.join('; ') } }),
    )
    return {
      status: result.status,
      location: result.headers.get('Location'),
      toast: toast && { ...toast, id: undefined },
      body: await result.text(),
      cookies: cookies.map((pair) => pair.split('=')[0]),
    }
  }
  const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null }
  return { status: init?.status ?? 200, location: null, toast: null, body: data, cookies: [] }
}

async function outboxTo(email: string) {
  const { items } = await store.outbox.list({ offset: 0, limit: 500 })
  return items.filter((mail) => mail.to === email)
}

describe('reset', () => {
  const ask = (email: string, clientIp: string) =>
    auth.authAction({ request: post('/auth', { intent: 'reset', email }), clientIp })

  /**
   * The page's answer, without the development-only link (never set in production), and with the
   * email the form keeps as typed written as EMAIL.
   */
  async function answer(email: string, clientIp: string) {
    const { body, ...rest } = await seen(await ask(email, clientIp))
    const { devResetLink: _devOnly, ...shown } = body as Record<string, unknown>
    return { ...rest, body: JSON.parse(JSON.stringify(shown).replaceAll(email, 'EMAIL')) }
  }

  it('answers the same for an account, an unknown email, and an email over its limit', async () => {
    const known = freshEmail()
    await customer(known)
    const forKnown = await answer(known, '198.51.100.1')
    expect(forKnown).toMatchObject({ status: 200, body: { resetSent: true, intent: 'reset' } })
    expect(await answer(freshEmail(), '198.51.100.2')).toEqual(forKnown)

    await answer(known, '198.51.100.3')
    await answer(known, '198.51.100.4')
    expect(await outboxTo(known)).toHaveLength(3)
    // The fourth within the hour, from yet another address: the same page, and no mail.
    expect(await answer(known, '198.51.100.5')).toEqual(forKnown)
    expect(await outboxTo(known)).toHaveLength(3)
  })

  it('sends at most three links to one email from 40 parallel requests', async () => {
    const known = freshEmail()
    await customer(known)
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => answer(known, `203.0.113.${i}`)),
    )
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
    expect(await outboxTo(known)).toHaveLength(3)
  })

  it('refuses an eleventh request from one address within the hour, naming no email', async () => {
    const ip = '192.0.2.50'
    for (let i = 0; i < 10; i++) expect((await answer(freshEmail(), ip)).status).toBe(200)
    const refused = await seen(await ask(freshEmail(), ip))
    expect(refused.status).toBe(429)
    expect((refused.body as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      '': ['Too many requests from here; try again in 60 minutes'],
    })
  })
})

describe('sign-up', () => {
  const form = async (email: string, firstName = 'Lerato'): Promise<Record<string, string>> => ({
    intent: 'signup',
    firstName,
    lastName: 'Dlamini',
    email,
    password: 'long enough',
    redirectTo: '/shop',
    ...(await honeypotFields()),
  })
  const signUp = async (email: string, clientIp: string) =>
    seen(await auth.authAction({ request: post('/auth', await form(email)), clientIp }))

  it('answers a taken email like a new account, signs nobody in, and mails the owner once an hour', async () => {
    const taken = freshEmail()
    await customer(taken)
    const fresh = await signUp(freshEmail(), '198.51.100.20')
    const again = await signUp(taken, '198.51.100.21')
    expect(fresh).toMatchObject({
      status: 302,
      location: '/shop',
      toast: { type: 'success', title: 'Welcome to Karoo & Co., Lerato' },
    })
    const { cookies: freshCookies, ...freshPage } = fresh
    const { cookies: takenCookies, ...takenPage } = again
    expect(takenPage).toEqual(freshPage)
    // Only the new account is signed in.
    expect(freshCookies).toContain('__session')
    expect(takenCookies).not.toContain('__session')

    const [mail, ...more] = await outboxTo(taken)
    expect(more).toEqual([])
    expect(mail!.key).toMatch(/^signup-taken:/)
    expect(mail!.subject).toMatch(/someone tried to create/i)
    expect(mail!.text).toContain('http://localhost:3000/auth')
    await signUp(taken, '198.51.100.22')
    expect(await outboxTo(taken)).toHaveLength(1)
    // The owner's password still works.
    expect(await adapter.signIn(taken, 'right password')).not.toBeNull()
  })

  it('creates at most ten accounts from one address within the hour, 40 posted in parallel', async () => {
    const ip = '192.0.2.60'
    const emails = Array.from({ length: 40 }, freshEmail)
    const answers = await Promise.all(emails.map((email) => signUp(email, ip)))
    const created = await Promise.all(emails.map((email) => store.users.getByEmail(email)))
    expect(created.filter(Boolean)).toHaveLength(10)
    expect(answers.filter((a) => a.status === 302)).toHaveLength(10)
    const refused = answers.filter((a) => a.status === 429)
    expect(refused).toHaveLength(30)
    expect(JSON.stringify(refused[0]!.body)).toContain('Too many requests from here')
  })

  it('takes a post without the honeypot fields for a bot: the same answer, nothing stored', async () => {
    const email = freshEmail()
    const { name__confirm: _hidden, from__confirm: _stamp, ...bare } = await form(email)
    const bot = await seen(
      await auth.authAction({ request: post('/auth', bare), clientIp: '192.0.2.61' }),
    )
    const { cookies: _botCookies, ...botPage } = bot
    const { cookies: _cookies, ...page } = await signUp(freshEmail(), '192.0.2.62')
    expect(botPage).toEqual(page)
    expect(await store.users.getByEmail(email)).toBeNull()
  })
})

describe('contact', () => {
  const send = async (fields: Record<string, string>, clientIp: string) =>
    seen(
      await contact.contactAction({
        request: post('/contact', { ...fields, ...(await honeypotFields()) }),
        clientIp,
      }),
    )

  it('acknowledges one address once a day, repeating none of the message; the shop gets each in full', async () => {
    const to = freshEmail()
    const spam = {
      name: 'Cheap pills',
      email: to,
      subject: 'Visit spam.example today',
      message: 'Buy now at https://spam.example/deal, limited offer!',
    }
    expect((await send(spam, '192.0.2.70')).location).toBe('/contact?sent=1')
    expect((await send({ ...spam, subject: 'Second try' }, '192.0.2.71')).status).toBe(302)
    const acks = await outboxTo(to)
    expect(acks).toHaveLength(1)
    for (const part of [acks[0]!.subject, acks[0]!.text, acks[0]!.html]) {
      expect(part).not.toMatch(/pills|spam\.example|buy now|second try/i)
    }
    const { items } = await store.outbox.list({ offset: 0, limit: 500 })
    const copies = items.filter((mail) => mail.replyTo === to)
    expect(copies.map((mail) => mail.subject).sort()).toEqual([
      'Contact: Second try',
      'Contact: Visit spam.example today',
    ])
  })

  it('stores at most five messages from one address of 40 posted in parallel', async () => {
    const ip = '192.0.2.80'
    const before = (await store.messages.list()).filter((m) => m.ip === ip)
    expect(before).toHaveLength(0)
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(
          {
            name: 'Sipho',
            email: `burst${i}@example.co.za`,
            subject: 'Hello',
            message: 'A message long enough.',
          },
          ip,
        ),
      ),
    )
    expect((await store.messages.list()).filter((m) => m.ip === ip)).toHaveLength(5)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(35)
  })
})
