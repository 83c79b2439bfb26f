import { describe, expect, it } from 'vitest'

import { CART_TOKEN_MAX, cartToken, linesFromCartToken } from './cart-token.server'

const OLD = ['an-old-secret-that-is-at-least-32-characters-long']
const NEW = ['a-new-secret-that-is-at-least-32-characters-long!', ...OLD]
const LINES = [
  { productId: 'rusks', quantity: 2 },
  { productId: 'tee', variantId: 'tee--m-black', quantity: 1 },
]

describe("the cart reminder's restore link", () => {
  it('gives back the lines it was made of, also after the secret is rotated', () => {
    expect(linesFromCartToken(cartToken(LINES, NEW), NEW)).toEqual(LINES)
    expect(linesFromCartToken(cartToken(LINES, OLD), NEW)).toEqual(LINES)
  })

  it('opens nothing once changed, cut short, signed with another secret or far too long', () => {
    const token = cartToken(LINES, NEW)
    const [payload, signature] = token.split('.')
    const forged = Buffer.from(JSON.stringify([['rusks', '', 10]])).toString('base64url')
    expect(linesFromCartToken(`${forged}.${signature}`, NEW)).toBeNull()
    expect(linesFromCartToken(payload, NEW)).toBeNull()
    expect(linesFromCartToken(`${token}.x`, NEW)).toBeNull()
    expect(
      linesFromCartToken(cartToken(LINES, ['a-stranger-secret-of-at-least-32-characters']), NEW),
    ).toBeNull()
    expect(linesFromCartToken('x'.repeat(CART_TOKEN_MAX + 1), NEW)).toBeNull()
    expect(linesFromCartToken(null, NEW)).toBeNull()
  })

  it('drops lines no cart could hold, even when signed', () => {
    const odd = cartToken(
      [
        { productId: 'Not An Id', quantity: 1 },
        { productId: 'rusks', quantity: 0 },
      ],
      NEW,
    )
    expect(linesFromCartToken(odd, NEW)).toBeNull()
  })
})
