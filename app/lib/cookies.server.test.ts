import { describe, expect, it, vi } from 'vitest'

const env = vi.hoisted(() => ({
  isProduction: false,
  appUrl: 'http://localhost:3000',
  sessionSecrets: ['new-secret', 'old-secret'],
}))
vi.mock('~/lib/env.server', () => ({ env }))

const { visitorCookie, visitorCookieSession } = await import('./cookies.server')

function attributes(setCookie: string) {
  return setCookie
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase())
}

describe('the shop cookie rule', () => {
  it('every visitor cookie the shop sets is httpOnly, SameSite=Lax, on the whole site, with its own lifetime', async () => {
    const { sessionStorage } = await import('./cookie-session.server')
    const { toastSessionStorage } = await import('./toast.server')
    const session = await sessionStorage.commitSession(await sessionStorage.getSession())
    const toast = await toastSessionStorage.commitSession(await toastSessionStorage.getSession())
    const liked = await visitorCookie({ name: '__liked', maxAge: 60 }).serialize('a')
    for (const line of [session, toast, liked]) {
      expect(attributes(line)).toEqual(
        expect.arrayContaining(['path=/', 'httponly', 'samesite=lax']),
      )
      expect(attributes(line)).not.toContain('secure')
    }
    expect(session).toMatch(/^__session=.*Max-Age=2592000/)
    // The flash message lasts the browser session: no Max-Age, no Expires.
    expect(toast).toMatch(/^en_toast=/)
    expect(toast).not.toMatch(/Max-Age|Expires/i)
    expect(liked).toMatch(/^__liked=.*Max-Age=60/)
  })

  it('is Secure in production over https, so the cookies never travel in the clear', async () => {
    env.isProduction = true
    env.appUrl = 'https://shop.example'
    try {
      const line = await visitorCookie({ name: 'en_recent' }).serialize('a')
      expect(attributes(line)).toContain('secure')
    } finally {
      env.isProduction = false
      env.appUrl = 'http://localhost:3000'
    }
  })

  it('reads a cookie signed with an older secret of SESSION_SECRET, and refuses a forged one', async () => {
    env.sessionSecrets = ['old-secret']
    const before = visitorCookie({ name: 'en_recent' })
    const signedWithOld = (await before.serialize('rooibos')).split(';')[0]!
    env.sessionSecrets = ['new-secret', 'old-secret']
    const rotated = visitorCookieSession({ name: 'en_flash_test' })
    const cookie = visitorCookie({ name: 'en_recent' })
    expect(await cookie.parse(signedWithOld)).toBe('rooibos')
    const forged = signedWithOld.replace(/=.{4}/, '=AAAA')
    expect(await cookie.parse(forged)).toBeNull()
    // Sessions follow the same rule: a session cookie signed today reads back.
    const session = await rotated.getSession()
    session.set('n', 1)
    const line = (await rotated.commitSession(session)).split(';')[0]!
    expect((await rotated.getSession(line)).get('n')).toBe(1)
  })
})
