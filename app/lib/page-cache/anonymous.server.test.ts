import { describe, expect, it } from 'vitest'

import { recordView } from '~/lib/catalog/recently-viewed.server'
import { toggleLike } from '~/lib/liked/liked.server'
import { sessionStorage } from '~/lib/cookie-session.server'
import { createToastHeaders } from '~/lib/toast.server'

import { isAnonymous } from './anonymous.server'

/** The Cookie header a browser sends back after these Set-Cookie headers. */
function cookieFrom(...headers: Headers[]): string {
  return headers
    .flatMap((h) => h.getSetCookie())
    .map((line) => line.split(';')[0])
    .join('; ')
}

const request = (cookie?: string) =>
  new Request('http://shop.test/shop', { headers: cookie ? { Cookie: cookie } : {} })

async function sessionCookie(data: Record<string, unknown>) {
  const session = await sessionStorage.getSession()
  for (const [key, value] of Object.entries(data)) session.set(key, value)
  return cookieFrom(new Headers({ 'Set-Cookie': await sessionStorage.commitSession(session) }))
}

describe('who is an anonymous visitor', () => {
  it('is anyone without a cookie, or with only cookies that are not the shop’s', async () => {
    expect(await isAnonymous(request())).toBe(true)
    expect(await isAnonymous(request('_ga=GA1.1.123; theme=dark'))).toBe(true)
  })

  it('is not a visitor with a cart line, prices seen, orders held or a sign-in', async () => {
    const cart = [{ productId: 'tea', variantId: 'tea', quantity: 1 }]
    expect(await isAnonymous(request(await sessionCookie({ cart })))).toBe(false)
    expect(await isAnonymous(request(await sessionCookie({ cartSeen: { tea: 100 } })))).toBe(false)
    expect(await isAnonymous(request(await sessionCookie({ orderIds: ['o1'] })))).toBe(false)
    expect(await isAnonymous(request(await sessionCookie({ sessionId: 'abc' })))).toBe(false)
  })

  it('is a visitor whose session holds nothing (a cart emptied, signed out)', async () => {
    expect(await isAnonymous(request(await sessionCookie({})))).toBe(true)
  })

  it('is not a visitor with a flash message waiting', async () => {
    const headers = await createToastHeaders({ type: 'success', title: 'Added to your cart' })
    expect(await isAnonymous(request(cookieFrom(headers)))).toBe(false)
  })

  it('is not a visitor who likes a product, and is again after unliking it', async () => {
    const liked = await toggleLike(request(), 'rooibos-tea')
    const likedCookie = cookieFrom(liked.headers)
    expect(await isAnonymous(request(likedCookie))).toBe(false)
    const unliked = await toggleLike(request(likedCookie), 'rooibos-tea')
    expect(await isAnonymous(request(cookieFrom(unliked.headers)))).toBe(true)
  })

  it('reads a session cookie with a forged signature as the page does: empty', async () => {
    const real = await sessionCookie({ cart: [{ productId: 'tea', quantity: 1 }] })
    const forged = real.replace(/\.[^.]+$/, '.forged')
    expect(await isAnonymous(request(forged))).toBe(true)
  })
})

describe('a visitor with recently viewed products', () => {
  const productPage = (path: string, cookie: string) =>
    new Request(`http://shop.test${path}`, { headers: { Cookie: cookie } })

  it('is personal on another product page, and anonymous on the one product listed and elsewhere', async () => {
    const viewed = cookieFrom(
      new Headers({ 'Set-Cookie': await recordView(request(), 'rooibos-tea') }),
    )
    expect(await isAnonymous(productPage('/shop/rusks', viewed))).toBe(false)
    expect(await isAnonymous(productPage('/shop/rooibos-tea', viewed))).toBe(true)
    expect(await isAnonymous(productPage('/shop', viewed))).toBe(true)
    expect(await isAnonymous(productPage('/', viewed))).toBe(true)
  })

  it('reads a forged recently viewed cookie as empty, as the page does', async () => {
    const viewed = cookieFrom(
      new Headers({ 'Set-Cookie': await recordView(request(), 'rooibos-tea') }),
    )
    const forged = viewed.replace(/\.[^.]+$/, '.forged')
    expect(await isAnonymous(productPage('/shop/rusks', forged))).toBe(true)
  })
})
