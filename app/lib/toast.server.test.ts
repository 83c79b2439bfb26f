import { describe, expect, it } from 'vitest'

import { getSession, sessionStorage } from './cookie-session.server'

import { createToastHeaders, getToast, redirectWithToast } from './toast.server'

/** A browser's cookie jar, just enough for these requests: the last Set-Cookie per name wins. */
function browser() {
  const cookies = new Map<string, string>()
  return {
    take(headers: Headers) {
      for (const line of headers.getSetCookie()) {
        const [pair] = line.split(';')
        const [name, ...value] = pair!.split('=')
        const expired = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)
        if (expired) cookies.delete(name!)
        else cookies.set(name!, value.join('='))
      }
    },
    request(path = '/') {
      const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
      return new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} })
    },
  }
}

describe('flash toasts', () => {
  it('shows a flash message once, then clears its cookie', async () => {
    const b = browser()
    const response = await redirectWithToast('/account', {
      type: 'success',
      title: 'Address saved',
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/account')
    b.take(response.headers)

    const first = await getToast(b.request('/account'))
    expect(first.toast).toMatchObject({ type: 'success', title: 'Address saved' })
    b.take(first.headers)

    const second = await getToast(b.request('/account'))
    expect(second.toast).toBeNull()
  })

  it('leaves cookies alone when there is nothing to show', async () => {
    const { toast, headers } = await getToast(new Request('http://localhost/'))
    expect(toast).toBeNull()
    expect(headers.getSetCookie()).toEqual([])
  })

  it('travels beside a session change without touching the session cookie', async () => {
    const b = browser()
    const session = await getSession(b.request())
    session.set('cart', [{ productId: 'rooibos', quantity: 1 }])
    const headers = await createToastHeaders(
      { title: 'Added 1 × Rooibos tea to your cart' },
      { 'Set-Cookie': await sessionStorage.commitSession(session) },
    )
    // One session cookie and one toast cookie: neither can overwrite the other.
    expect(headers.getSetCookie().map((line) => line.split('=')[0])).toEqual([
      '__session',
      'en_toast',
    ])
    b.take(headers)

    const { toast, headers: cleared } = await getToast(b.request('/cart'))
    expect(toast).toMatchObject({ type: 'info', title: 'Added 1 × Rooibos tea to your cart' })
    b.take(cleared)
    expect((await getSession(b.request('/cart'))).get('cart')).toEqual([
      { productId: 'rooibos', quantity: 1 },
    ])
  })

  it('marks the toast cookie httpOnly and SameSite=Lax', async () => {
    const [cookie] = (await createToastHeaders({ title: 'Hello' })).getSetCookie()
    expect(cookie).toMatch(/^en_toast=/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
  })

  it('ignores a forged toast cookie', async () => {
    const forged = new Request('http://localhost/', {
      headers: {
        Cookie: `en_toast=${btoa(JSON.stringify({ __flash_toast__: { title: 'Free money' } }))}`,
      },
    })
    expect((await getToast(forged)).toast).toBeNull()
  })
})
