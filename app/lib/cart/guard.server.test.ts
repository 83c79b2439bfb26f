import { describe, expect, it } from 'vitest'

import { sessionStorage } from '~/lib/cookie-session.server'
import { getToast } from '~/lib/toast.server'

import { cartOwner, writeCartLines } from './cart.server'
import { EMPTY_CART_MESSAGE, requireCartItems } from './guard.server'

/** The `cartCheck` guard for a visitor, whose cart lives in the session cookie. */

const checkout = (cookie?: string) =>
  new Request('http://localhost:3000/checkout', { headers: cookie ? { Cookie: cookie } : {} })

async function visitorWithCart(quantity: number) {
  const owner = await cartOwner(checkout())
  await writeCartLines(owner, quantity ? [{ productId: 'rooibos', quantity }] : [])
  return (await sessionStorage.commitSession(owner.session)).split(';')[0]!
}

describe('requireCartItems (the cartCheck guard)', () => {
  it('lets checkout through when the cart holds something', async () => {
    await expect(requireCartItems(checkout(await visitorWithCart(2)))).resolves.toBeUndefined()
  })

  it('sends an empty cart back to /cart with a notice the cart page shows', async () => {
    for (const cookie of [undefined, await visitorWithCart(0)]) {
      const thrown: unknown = await requireCartItems(checkout(cookie)).catch((e: unknown) => e)
      expect(thrown).toBeInstanceOf(Response)
      const response = thrown as Response
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe('/cart')

      const cartPage = new Request('http://localhost:3000/cart', {
        headers: { Cookie: response.headers.get('Set-Cookie')!.split(';')[0]! },
      })
      const { toast } = await getToast(cartPage)
      expect(toast).toMatchObject({ type: 'info', title: EMPTY_CART_MESSAGE })
    }
  })
})
