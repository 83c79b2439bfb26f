import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type * as Session from '~/lib/auth/user.server'
import type * as ContactActions from '~/lib/contact/contact-action.server'
import type * as DataIndex from '~/lib/data/index.server'
import type * as Honeypot from '~/lib/honeypot.server'
import type * as LikedActions from '~/lib/liked/liked-action.server'
import type * as LikedLib from '~/lib/liked/liked.server'
import type * as ReviewActions from '~/lib/reviews/review-action.server'

import type * as AccountActions from './account-action.server'
import type * as AuthActions from './auth-action.server'

/**
 * The account features end to end at the action level, over a real SQLite store in a temp dir:
 * the same code the routes call, with cookies carried between requests.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'auth-actions-'))
process.env.DATA_DIR = dataDir
process.env.AUTH_BACKEND = 'local'

type Mods = {
  auth: typeof AuthActions
  account: typeof AccountActions
  session: typeof Session
  liked: typeof LikedActions
  likedLib: typeof LikedLib
  reviews: typeof ReviewActions
  contact: typeof ContactActions
  honeypot: typeof Honeypot
  store: Awaited<ReturnType<typeof DataIndex.getStore>>
}
let m: Mods

const PRODUCT = {
  id: 'rooibos-tea',
  name: 'Rooibos tea',
  description: 'Tea',
  category: 'pantry',
  categoryName: 'Pantry',
  tags: [],
  priceCents: 8900,
  compareAtCents: null,
  stock: 5,
  images: [],
  featuredRank: null,
  rating: {
    count: 0,
    sum: 0,
    distribution: [0, 0, 0, 0, 0] as [number, number, number, number, number],
  },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
}

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  m = {
    auth: await import('./auth-action.server'),
    account: await import('./account-action.server'),
    session: await import('~/lib/auth/user.server'),
    liked: await import('~/lib/liked/liked-action.server'),
    likedLib: await import('~/lib/liked/liked.server'),
    reviews: await import('~/lib/reviews/review-action.server'),
    contact: await import('~/lib/contact/contact-action.server'),
    honeypot: await import('~/lib/honeypot.server'),
    store: await getStore(),
  }
  await m.store.products.upsertMany([PRODUCT])
})

afterAll(async () => {
  await m.store.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** A browser's cookie jar, just enough for these requests. */
class Jar {
  cookies = new Map<string, string>()
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...value] = pair!.split('=')
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name!)
      else this.cookies.set(name!, value.join('='))
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
}

function post(url: string, fields: Record<string, string>, jar?: Jar) {
  return new Request(`http://localhost:3000${url}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: jar ? { Cookie: jar.header() } : {},
  })
}

/** Actions answer a Response (redirects) or single-fetch `data()`; read both the same way. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- action bodies differ per form; each test reads its own fields
type Body = any

function read(result: unknown): {
  status: number
  headers: Headers
  body: Body
  location: string | null
} {
  if (result instanceof Response) {
    return {
      status: result.status,
      headers: result.headers,
      body: null,
      location: result.headers.get('Location'),
    }
  }
  const d = result as { type?: string; data: unknown; init?: ResponseInit | null }
  if (d?.type === 'DataWithResponseInit') {
    return {
      status: d.init?.status ?? 200,
      headers: new Headers(d.init?.headers),
      body: d.data,
      location: null,
    }
  }
  return { status: 200, headers: new Headers(), body: result, location: null }
}

async function call(fn: () => Promise<unknown>) {
  try {
    return read(await fn())
  } catch (thrown) {
    if (thrown instanceof Response) return read(thrown)
    throw thrown
  }
}

/** Conform's reply in an action's 400/429 body: errors by field ('' for the whole form) and the kept values. */
const errorsOf = (body: Body): Record<string, string[]> => body.result.error
const valuesOf = (body: Body): Record<string, string> => body.result.initialValue

/** The honeypot fields as the page renders them; a bot fills in the hidden one. */
function honeypotFields(filled = '') {
  const props = m.honeypot.honeypot.getInputProps()
  return { [props.nameFieldName]: filled, [props.validFromFieldName!]: props.encryptedValidFrom }
}

const uniqueEmail = () => `t${Math.random().toString(36).slice(2, 10)}@example.co.za`

async function signUp(jar: Jar, email = uniqueEmail(), extra: Record<string, string> = {}) {
  const r = await call(() =>
    m.auth.authAction({
      request: post(
        '/auth',
        {
          intent: 'signup',
          firstName: 'Thandi',
          lastName: 'Mokoena',
          email,
          password: 'long enough',
          ...honeypotFields(),
          ...extra,
        },
        jar,
      ),
    }),
  )
  jar.take(r.headers)
  return { r, email }
}

describe('/auth', () => {
  it('creates an account, signs in (rotating the session) and honours only same-origin redirectTo', async () => {
    const jar = new Jar()
    const { r, email } = await signUp(jar, undefined, { redirectTo: 'https://evil.example' })
    expect(r.status).toBe(302)
    expect(r.location).toBe('/')
    const user = await m.session.optionalUser(
      new Request('http://localhost:3000/', { headers: { Cookie: jar.header() } }),
    )
    expect(user?.email).toBe(email)

    const out = await call(() =>
      m.auth.authAction({ request: post('/auth', { intent: 'signout' }, jar) }),
    )
    jar.take(out.headers)
    expect(
      await m.session.getUserId(
        new Request('http://localhost:3000/', { headers: { Cookie: jar.header() } }),
      ),
    ).toBeNull()

    const signIn = await call(() =>
      m.auth.authAction({
        request: post(
          '/auth',
          { intent: 'signin', email, password: 'long enough', redirectTo: '/account?tab=address' },
          jar,
        ),
      }),
    )
    expect(signIn.location).toBe('/account?tab=address')
    const before = jar.header()
    jar.take(signIn.headers)
    expect(jar.header()).not.toBe(before)
  })

  it('keeps the values and names the field on invalid sign-up, without echoing the password', async () => {
    const r = await call(() =>
      m.auth.authAction({
        request: post('/auth', {
          intent: 'signup',
          firstName: '',
          lastName: 'B',
          email: 'x@example.co.za',
          password: 'short',
        }),
      }),
    )
    expect(r.status).toBe(400)
    expect(errorsOf(r.body).firstName![0]).toMatch(/first name/)
    expect(errorsOf(r.body).password![0]).toMatch(/at least 8/)
    expect(valuesOf(r.body)).toMatchObject({ lastName: 'B', email: 'x@example.co.za' })
    expect(valuesOf(r.body).password).toBeUndefined()
  })

  it('pretends success when the honeypot is filled or its stamp forged, and stores nothing', async () => {
    const bot = { intent: 'signup', firstName: 'Bot', lastName: 'Bot', password: 'long enough' }
    for (const trap of [
      honeypotFields('http://spam'),
      { ...honeypotFields(), from__confirm: `${Date.now()}.forged` },
    ]) {
      const email = uniqueEmail()
      const r = await call(() =>
        m.auth.authAction({ request: post('/auth', { ...bot, email, ...trap }) }),
      )
      expect(r.status).toBe(302)
      expect(r.headers.getSetCookie().join()).not.toMatch(/__session=/)
      expect(await m.store.users.getByEmail(email)).toBeNull()
    }
  })

  it('gives a wrong password and an unknown email the same answer, then blocks after five failures', async () => {
    const { email } = await signUp(new Jar())
    const wrong = await call(() =>
      m.auth.authAction({
        request: post('/auth', { intent: 'signin', email, password: 'nope nope' }),
      }),
    )
    const unknown = await call(() =>
      m.auth.authAction({
        request: post('/auth', { intent: 'signin', email: uniqueEmail(), password: 'nope nope' }),
      }),
    )
    expect(wrong.status).toBe(400)
    expect(errorsOf(wrong.body)).toEqual(errorsOf(unknown.body))
    for (let i = 0; i < 3; i++)
      await m.auth.authAction({
        request: post('/auth', { intent: 'signin', email, password: 'nope nope' }),
      })
    const fifth = await call(() =>
      m.auth.authAction({
        request: post('/auth', { intent: 'signin', email, password: 'nope nope' }),
      }),
    )
    expect(fifth.status).toBe(429)
    expect(errorsOf(fifth.body)['']).toEqual(['Too many attempts; try again in 15 minutes'])
    const right = await call(() =>
      m.auth.authAction({
        request: post('/auth', { intent: 'signin', email, password: 'long enough' }),
      }),
    )
    expect(right.status).toBe(429)
  })

  it('resets a forgotten password with the development link', async () => {
    const { email } = await signUp(new Jar())
    const sent = await call(() =>
      m.auth.authAction({ request: post('/auth?intent=reset', { intent: 'reset', email }) }),
    )
    expect(sent.body.resetSent).toBe(true)
    const token = new URL(sent.body.devResetLink).searchParams.get('token')!
    const done = await call(() =>
      m.auth.authAction({
        request: post('/auth', { intent: 'reset', token, password: 'the new one!' }),
      }),
    )
    expect(done.location).toBe('/auth')
    const again = await call(() =>
      m.auth.authAction({
        request: post('/auth', { intent: 'reset', token, password: 'the new one!' }),
      }),
    )
    expect(again.status).toBe(400)
    expect(errorsOf(again.body)['']![0]).toMatch(/invalid, used or older than 30 minutes/)
  })
})

describe('/auth intent=google', () => {
  it('answers 400 "not available" on the local backend, sets no session and never echoes the token', async () => {
    const r = await call(() =>
      m.auth.authAction({
        request: post('/auth', {
          intent: 'google',
          idToken: 'header.payload.signature',
          redirectTo: '/account',
        }),
      }),
    )
    expect(r.status).toBe(400)
    expect(r.location).toBeNull()
    expect(r.body.intent).toBe('google')
    expect(errorsOf(r.body)['']).toEqual([m.auth.GOOGLE_UNAVAILABLE_MESSAGE])
    expect(errorsOf(r.body)['']![0]).toMatch(/^Google sign-in is not available/)
    expect(valuesOf(r.body)).toEqual({ intent: 'google', redirectTo: '/account' })
    expect(r.headers.getSetCookie()).toEqual([])
  })

  it('refuses a missing, blank or oversized token as an error of the whole form', async () => {
    for (const idToken of [undefined, '   ', 'x'.repeat(8193)]) {
      const fields: Record<string, string> = { intent: 'google' }
      if (idToken !== undefined) fields.idToken = idToken
      const r = await call(() => m.auth.authAction({ request: post('/auth', fields) }))
      expect(r.status).toBe(400)
      expect(errorsOf(r.body)['']).toEqual(['The Google sign-in did not finish. Try again.'])
      expect(valuesOf(r.body).idToken).toBeUndefined()
    }
  })
})

describe('requireUser', () => {
  it('sends a visitor to sign in with the path and query to come back to', async () => {
    const r = await call(() =>
      m.session.requireUser(new Request('http://localhost:3000/account?x=1')),
    )
    expect(r.location).toBe('/auth?redirectTo=%2Faccount%3Fx%3D1')
  })
})

describe('/account', () => {
  it('names each bad address field, keeps the values, and saves a good address', async () => {
    const jar = new Jar()
    await signUp(jar)
    const bad = await call(() =>
      m.account.accountAction({
        request: post(
          '/account',
          {
            intent: 'address',
            line1: '',
            suburb: 'Gardens',
            city: 'Cape Town',
            province: 'Atlantis',
            postalCode: '80',
          },
          jar,
        ),
      }),
    )
    expect(bad.status).toBe(400)
    expect(Object.keys(errorsOf(bad.body)).sort()).toEqual(['line1', 'postalCode', 'province'])
    expect(valuesOf(bad.body).suburb).toBe('Gardens')
    const good = await call(() =>
      m.account.accountAction({
        request: post(
          '/account',
          {
            intent: 'address',
            line1: '12 Long St',
            line2: '',
            suburb: 'Gardens',
            city: 'Cape Town',
            province: 'Western Cape',
            postalCode: '8001',
          },
          jar,
        ),
      }),
    )
    expect(good.location).toBe('/account')
    const user = await m.session.optionalUser(
      new Request('http://localhost:3000/', { headers: { Cookie: jar.header() } }),
    )
    // The address of /account is the default of the address book (docs/contracts.md "Shipping").
    expect(await m.store.addresses.list(user!.id)).toEqual([
      expect.objectContaining({
        label: 'Home',
        line1: '12 Long St',
        line2: null,
        suburb: 'Gardens',
        city: 'Cape Town',
        province: 'Western Cape',
        postalCode: '8001',
        isDefault: true,
      }),
    ])
    const phone = await call(() =>
      m.account.accountAction({
        request: post(
          '/account',
          { intent: 'profile', firstName: 'T', lastName: 'M', phone: '123' },
          jar,
        ),
      }),
    )
    expect(errorsOf(phone.body).phone![0]).toMatch(/South African/)
  })
})

describe('/liked', () => {
  it('keeps a visitor’s likes in a cookie and merges them into the account on sign-in', async () => {
    const jar = new Jar()
    const liked = await call(() =>
      m.liked.likedAction({
        request: post('/liked', { intent: 'toggle', productId: PRODUCT.id, fetcher: '1' }, jar),
      }),
    )
    expect(liked.body).toMatchObject({ productId: PRODUCT.id, liked: true })
    expect(liked.body.result.status).toBe('success')
    jar.take(liked.headers)
    expect(jar.cookies.has('__liked')).toBe(true)
    const visitor = new Request('http://localhost:3000/', { headers: { Cookie: jar.header() } })
    expect(await m.likedLib.likedIds(visitor)).toEqual([PRODUCT.id])

    await signUp(jar)
    expect(jar.cookies.has('__liked')).toBe(false)
    const customer = new Request('http://localhost:3000/', { headers: { Cookie: jar.header() } })
    expect(await m.likedLib.likedIds(customer)).toEqual([PRODUCT.id])

    const noJs = await call(() =>
      m.liked.likedAction({
        request: post(
          '/liked',
          { intent: 'toggle', productId: PRODUCT.id, redirectTo: '/shop/rooibos-tea' },
          jar,
        ),
      }),
    )
    expect(noJs.location).toBe('/shop/rooibos-tea')
    expect(await m.likedLib.likedIds(customer)).toEqual([])
  })

  it('refuses an unknown product', async () => {
    const r = await call(() =>
      m.liked.likedAction({
        request: post('/liked', { intent: 'toggle', productId: 'no-such-thing', fetcher: '1' }),
      }),
    )
    expect(r.status).toBe(400)
    expect(errorsOf(r.body)['']![0]).toMatch(/does not exist/)
  })
})

/** The flash message's title a response sets, as the next page would show it. */
async function toastTitle(headers: Headers) {
  const { getToast } = await import('~/lib/toast.server')
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ')
  const { toast } = await getToast(
    new Request('http://localhost:3000/', { headers: { Cookie: cookie } }),
  )
  return toast?.title
}

describe('reviews', () => {
  it('sends visitors to sign in, validates, and keeps one review per customer: a second edits the first', async () => {
    const visitor = await call(() =>
      m.reviews.reviewAction({
        request: post('/shop/rooibos-tea', {
          intent: 'review',
          rating: '5',
          title: 'x',
          body: 'y',
        }),
        params: { id: PRODUCT.id },
      }),
    )
    expect(visitor.location).toBe('/auth?redirectTo=%2Fshop%2Frooibos-tea')
    const jar = new Jar()
    await signUp(jar)
    const bad = await call(() =>
      m.reviews.reviewAction({
        request: post(
          '/shop/rooibos-tea',
          { intent: 'review', rating: '6', title: '', body: '' },
          jar,
        ),
        params: { id: PRODUCT.id },
      }),
    )
    expect(bad.status).toBe(400)
    expect(Object.keys(errorsOf(bad.body)).sort()).toEqual(['body', 'rating'])
    const first = await call(() =>
      m.reviews.reviewAction({
        request: post(
          '/shop/rooibos-tea',
          { intent: 'review', rating: '5', title: 'Lovely', body: 'Smooth' },
          jar,
        ),
        params: { id: PRODUCT.id },
      }),
    )
    expect(first.location).toBe('/shop/rooibos-tea#reviews')
    expect(await toastTitle(first.headers)).toBe('Thanks for your review')
    // The second post edits the first, and says so.
    const second = await call(() =>
      m.reviews.reviewAction({
        request: post(
          '/shop/rooibos-tea',
          { intent: 'review', rating: '3', title: 'Okay', body: 'Fine' },
          jar,
        ),
        params: { id: PRODUCT.id },
      }),
    )
    expect(await toastTitle(second.headers)).toBe('Review updated')
    const product = await m.store.products.get(PRODUCT.id)
    expect(product?.rating).toMatchObject({ count: 1, sum: 3 })
    const reviews = (await m.store.reviews.listForProduct(PRODUCT.id)).items
    expect(reviews).toHaveLength(1)
    expect(reviews[0]?.authorName).toBe('Thandi M.')
  })
})

describe('/contact', () => {
  const message = {
    name: 'Lerato',
    email: 'lerato@example.co.za',
    subject: 'Delivery',
    message: 'When will my order arrive?',
  }

  it('stores a message with the IP, ignores a filled honeypot, and allows five per IP per hour', async () => {
    const before = (await m.store.messages.list()).length
    const bot = await call(() =>
      m.contact.contactAction({
        request: post('/contact', { ...message, ...honeypotFields('x') }),
        clientIp: '192.0.2.9',
      }),
    )
    expect(bot.location).toBe('/contact?sent=1')
    expect(await m.store.messages.list()).toHaveLength(before)
    for (let i = 0; i < 5; i++) {
      const ok = await call(() =>
        m.contact.contactAction({
          request: post('/contact', { ...message, ...honeypotFields() }),
          clientIp: '192.0.2.10',
        }),
      )
      expect(ok.location).toBe('/contact?sent=1')
    }
    const stored = await m.store.messages.list()
    expect(stored).toHaveLength(before + 5)
    expect(stored.every((s) => s.ip === '192.0.2.10')).toBe(true)
    const limited = await call(() =>
      m.contact.contactAction({
        request: post('/contact', { ...message, ...honeypotFields() }),
        clientIp: '192.0.2.10',
      }),
    )
    expect(limited.status).toBe(429)
    expect(errorsOf(limited.body)['']![0]).toMatch(/messages/i)
    expect(valuesOf(limited.body).message).toBe(message.message)
  })

  it('names a short message', async () => {
    const r = await call(() =>
      m.contact.contactAction({
        request: post('/contact', { ...message, message: 'hi', ...honeypotFields() }),
        clientIp: '192.0.2.11',
      }),
    )
    expect(r.status).toBe(400)
    expect(errorsOf(r.body).message![0]).toMatch(/at least 10/)
  })
})
