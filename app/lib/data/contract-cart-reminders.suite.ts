import { describe, expect, it } from 'vitest'

import {
  cartReminderKey,
  forgetGuestCart,
  guestCartFor,
  guestCartKey,
  rememberGuestCart,
  remindAbandonedCarts,
} from '~/lib/win-back/cart-reminder.server'
import { orderMoves } from '~/lib/orders/orders.test-helper'
import { linesFromCartToken } from '~/lib/win-back/cart-token.server'

import { draft, manualClock, product, storePerTest, type ContractHarness } from './contract.suite'
import type { Store } from './store'

const T0 = '2025-03-01T10:00:00.000Z'
const hours = (n: number, from = T0) => new Date(Date.parse(from) + n * 60 * 60_000).toISOString()
const CONTEXT = { shopName: 'Karoo & Co.', appUrl: 'https://shop.example' }

/**
 * Abandoned-cart reminders every data adapter must support (the stored carts' change times, the
 * outbox's keys, consent): one reminder per cart state after ABANDONED_CART_HOURS, only with
 * consent, never after a purchase. The store's clock is moved by hand.
 */
export function describeCartRemindersContract(name: string, harness: ContractHarness): void {
  describe(`abandoned-cart reminders contract: ${name}`, () => {
    let store: Store
    let clock: ReturnType<typeof manualClock>
    storePerTest(harness, async () => {
      clock = manualClock(T0)
      store = await harness.fresh({ now: clock.now })
      await store.products.upsertMany([product('rusks'), product('honey', { active: false })])
      return store
    })

    const customer = async (id: string, optIn: boolean) => {
      const email = `${id}@example.co.za`
      await store.users.create({
        id,
        email,
        firstName: 'Thandi',
        lastName: 'Mokoena',
        phone: null,
        address: null,
      })
      if (optIn) await store.consents.record({ email, userId: id, optIn, source: 'sign-up' })
      return email
    }
    /** A pass at the time `at`, reminding after `after` hours (default 4). */
    const passAt = (at: string, after = 4) => {
      clock.set(at)
      return remindAbandonedCarts({ store, hours: after, now: clock.now, context: CONTEXT })
    }
    const reminders = async () =>
      (await store.outbox.list({ offset: 0, limit: 50 })).items.filter((m) =>
        m.key.startsWith('cart-reminder:'),
      )

    it('reminds once per cart state, after the hours, with its lines and a link that restores them', async () => {
      await customer('u1', true)
      await store.carts.set('u1', [{ productId: 'rusks', quantity: 2 }])
      expect(await passAt(hours(3.99))).toBe(0)
      expect(await passAt(hours(4))).toBe(1)
      expect(await passAt(hours(5))).toBe(0)
      const [mail] = await reminders()
      expect(mail).toMatchObject({ key: cartReminderKey('u1', T0), to: 'u1@example.co.za' })
      expect(mail!.text).toContain('2 × Product rusks')
      expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
      const link = /https:\/\/shop\.example\/cart\/restore\?t=(\S+)/.exec(mail!.text)
      expect(linesFromCartToken(link?.[1])).toEqual([{ productId: 'rusks', quantity: 2 }])

      // A changed cart is a new state: one more reminder, hours after that change.
      clock.set(hours(6))
      await store.carts.set('u1', [{ productId: 'rusks', quantity: 3 }])
      expect(await passAt(hours(9.5))).toBe(0)
      expect(await passAt(hours(10))).toBe(1)
      expect(await passAt(hours(11))).toBe(0)
      expect((await reminders()).map((m) => m.key).sort()).toEqual(
        [cartReminderKey('u1', T0), cartReminderKey('u1', hours(6))].sort(),
      )
    })

    it('reminds a guest who opted in at checkout, unless an order of theirs went through', async () => {
      const guest = 'thandi@example.co.za'
      await store.consents.record({ email: guest, userId: null, optIn: true, source: 'checkout' })
      await rememberGuestCart(store, 'Thandi@Example.co.za', [{ productId: 'rusks', quantity: 1 }])
      expect(await guestCartFor(store, guest)).toEqual([{ productId: 'rusks', quantity: 1 }])
      // The order placed with it was never paid: cancelled, so the cart was left.
      clock.set(hours(0.01))
      const order = await store.orders.place(draft([{ productId: 'rusks', quantity: 1 }]), 'ORD-G1')
      await orderMoves(store.orders, clock).transition(order.id, 'cancelled')
      expect(await passAt(hours(4))).toBe(1)
      const [mail] = await reminders()
      expect(mail).toMatchObject({ key: cartReminderKey(guestCartKey(guest), T0), to: guest })

      // Asked again and this time paid (still pending counts): no reminder for that cart.
      clock.set(hours(5))
      await rememberGuestCart(store, guest, [{ productId: 'rusks', quantity: 2 }])
      await store.orders.place(draft([{ productId: 'rusks', quantity: 2 }]), 'ORD-G2')
      expect(await passAt(hours(10))).toBe(0)

      await forgetGuestCart(store, guest)
      expect(await guestCartFor(store, guest)).toEqual([])
    })

    it('pages through the carts, so ones reminded already never hide the next', async () => {
      for (const id of ['u1', 'u2', 'u3']) {
        await customer(id, true)
        clock.set(hours(id === 'u1' ? 0 : id === 'u2' ? 0.1 : 0.2))
        await store.carts.set(id, [{ productId: 'rusks', quantity: 1 }])
      }
      clock.set(hours(4.1))
      const page = { store, hours: 4, now: clock.now, context: CONTEXT, batch: 1 }
      expect(await remindAbandonedCarts(page)).toBe(2)
      clock.set(hours(4.3))
      expect(await remindAbandonedCarts(page)).toBe(1)
      expect(await remindAbandonedCarts(page)).toBe(0)
      expect((await reminders()).map((m) => m.to).sort()).toEqual([
        'u1@example.co.za',
        'u2@example.co.za',
        'u3@example.co.za',
      ])
    })

    it('takes fractions of an hour', async () => {
      await customer('u1', true)
      await store.carts.set('u1', [{ productId: 'rusks', quantity: 1 }])
      expect(await passAt(hours(0.49), 0.5)).toBe(0)
      expect(await passAt(hours(0.5), 0.5)).toBe(1)
    })

    it('never reminds without consent, after an unsubscribe, or after a purchase', async () => {
      await customer('nobody', false)
      await store.carts.set('nobody', [{ productId: 'rusks', quantity: 1 }])
      const gone = await customer('gone', true)
      await store.carts.set('gone', [{ productId: 'rusks', quantity: 1 }])
      await store.consents.record({
        email: gone,
        userId: null,
        optIn: false,
        source: 'unsubscribe',
      })
      await customer('buyer', true)
      await store.carts.set('buyer', [{ productId: 'rusks', quantity: 1 }])
      clock.set(hours(1))
      await store.orders.place(draft([{ productId: 'rusks', quantity: 1 }], 'buyer'), 'ORD-1')
      expect(await passAt(hours(5))).toBe(0)
      expect(await reminders()).toEqual([])
    })

    it('leaves out products off sale, and an empty cart or one of only those gets none', async () => {
      await customer('u1', true)
      await store.carts.set('u1', [
        { productId: 'rusks', quantity: 1 },
        { productId: 'honey', quantity: 1 },
      ])
      await customer('u2', true)
      await store.carts.set('u2', [{ productId: 'honey', quantity: 1 }])
      await customer('u3', true)
      await store.carts.set('u3', [])
      expect(await passAt(hours(4))).toBe(1)
      const [mail] = await reminders()
      expect(mail!.to).toBe('u1@example.co.za')
      expect(mail!.text).not.toContain('Product honey')
    })
  })
}
