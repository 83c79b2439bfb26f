import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { sessionStorage } from '~/lib/cookie-session.server'
import { memoryStore } from '~/lib/data/memory-store.test-helper'
import type { Store } from '~/lib/data/store'
import { toastSessionStorage } from '~/lib/toast.server'

import { appliedCodeOf, DISCOUNT_TRIES } from './applied-code.server'
import { discountLinkTarget, followDiscountLink } from './discount-link.server'
import { discountDraft } from './promotions.test-helper'
import type { DiscountDraft } from './types'

/**
 * `GET /discount/{code}?redirect=/path`: the code is applied to the visitor's session and the link
 * lands on a page of this shop (the cart unless it names another), with a toast saying what
 * happened. Any input ends in a redirect.
 */
const NOW = new Date('2025-12-05T10:00:00.000Z')

let store: Store
beforeEach(() => {
  store = memoryStore({ now: () => NOW })
})
afterEach(async () => {
  await store.close()
})

const draft = (more: Partial<DiscountDraft> = {}): DiscountDraft =>
  discountDraft({ code: 'SUMMER10', ...more })

async function follow(code: string, query = '', clientIp = '203.0.113.7') {
  const session = await sessionStorage.getSession()
  const response = await followDiscountLink(
    { session, store, clock: () => NOW, user: async () => null },
    code,
    new URL(`http://localhost:3000/discount/${encodeURIComponent(code)}${query}`),
    clientIp,
  )
  const cookies = response.headers.getSetCookie()
  const toastCookie = cookies.find((c) => c.startsWith('en_toast='))
  const toast = (await toastSessionStorage.getSession(toastCookie?.split(';')[0])).get('toast') as
    { type: string; title: string; description?: string } | undefined
  const saved = await sessionStorage.getSession(
    cookies
      .filter((c) => !c.startsWith('en_toast='))
      .map((c) => c.split(';')[0])
      .join('; '),
  )
  return {
    status: response.status,
    location: response.headers.get('Location'),
    toast,
    code: appliedCodeOf({ session: saved }),
  }
}

describe('discount links', () => {
  it('applies a code typed in any case and lands on the cart with a toast naming the discount', async () => {
    await store.discounts.create(draft(), { by: 'staff@example.co.za' })
    const landed = await follow('summer10')
    expect(landed.status).toBe(302)
    expect(landed.location).toBe('/cart')
    expect(landed.code).toBe('SUMMER10')
    expect(landed.toast).toMatchObject({
      type: 'success',
      title: 'Discount applied',
      description: 'Code SUMMER10: 10% off',
    })
  })

  it('goes on to the page the link names, when it is a page of this shop', async () => {
    await store.discounts.create(draft(), { by: 'staff@example.co.za' })
    const landed = await follow('SUMMER10', '?redirect=%2Fshop%3Fcategory%3Dpantry')
    expect(landed.location).toBe('/shop?category=pantry')
    expect(landed.code).toBe('SUMMER10')
    expect((await follow('SUMMER10', '?redirect=%2F%2Fevil.example')).location).toBe('/cart')
  })

  it.each([
    '//evil.example/cart',
    'https://evil.example/',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'cart',
    '',
  ])('sends redirect=%s to the cart instead', (redirect) => {
    expect(discountLinkTarget(redirect)).toBe('/cart')
  })

  it('says why an ended code was not applied, and applies nothing', async () => {
    await store.discounts.create(draft({ endsAt: '2025-12-01T22:00:00.000Z' }), {
      by: 'staff@example.co.za',
    })
    const landed = await follow('SUMMER10', '?redirect=https://evil.example')
    expect(landed.location).toBe('/cart')
    expect(landed.code).toBeNull()
    expect(landed.toast).toMatchObject({
      type: 'error',
      title: 'Code SUMMER10 was not applied',
      description: expect.stringMatching(/SUMMER10.*ended/),
    })
  })

  it('answers an unknown or nonsense code with a redirect and plain words, never an error', async () => {
    const unknown = await follow('NOPE99')
    expect(unknown.status).toBe(302)
    expect(unknown.toast).toMatchObject({
      type: 'error',
      title: 'Code NOPE99 was not applied',
      description: 'We do not know that code: check it and try again',
    })
    for (const junk of ['<script>', 'x'.repeat(5000), '   ', '%%%', '\u0000']) {
      const landed = await follow(junk)
      expect(landed.status).toBe(302)
      expect(landed.location).toBe('/cart')
      expect(landed.toast?.title).toBe('That discount code was not applied')
      expect(landed.code).toBeNull()
    }
  })

  it('stops an address that tries too many unknown codes, and never counts a code of ours', async () => {
    await store.discounts.create(draft(), { by: 'staff@example.co.za' })
    for (let i = 0; i < 30; i++) expect((await follow('SUMMER10')).code).toBe('SUMMER10')
    for (let i = 0; i < DISCOUNT_TRIES.limit; i++) {
      expect((await follow(`GUESS${i}`)).toast?.description).toMatch(/do not know that code/)
    }
    const stopped = await follow('SUMMER10')
    expect(stopped.code).toBeNull()
    expect(stopped.toast?.description).toMatch(/Too many unknown codes tried from here/)
    // Another address is not stopped.
    expect((await follow('SUMMER10', '', '198.51.100.9')).code).toBe('SUMMER10')
  })
})
