// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { memoryStore } from '~/lib/data/memory-store.test-helper'
import type { Store } from '~/lib/data/store'
import {
  BALANCE_LOOKS,
  CANCELLED_CARD_MESSAGE,
  giftCardBalance,
  UNKNOWN_CARD_MESSAGE,
} from '~/lib/promotions/balance.server'
import { formatGiftCardCode } from '~/lib/promotions/gift-cards'

import { renderRouteWithoutJs } from '../../test/render-route'
import GiftCardBalancePage from './gift-card'

/**
 * /gift-card: anyone checks a card's balance by its code (a GET form), at most 10 looks per 10
 * minutes per address; unknown and cancelled cards say so, and nothing but the balance is shown.
 */
let store: Store
beforeEach(() => {
  store = memoryStore()
})
afterEach(async () => {
  await store.close()
})

const look = (code: string | null, clientIp = '10.0.0.1') =>
  giftCardBalance({
    url: new URL(
      code === null
        ? 'http://shop.test/gift-card'
        : `http://shop.test/gift-card?code=${encodeURIComponent(code)}`,
    ),
    clientIp,
    store,
  })

const issue = (amountCents: number) =>
  store.giftCards.issue(
    {
      amountCents,
      issuedTo: 'lerato@example.co.za',
      message: 'Happy birthday',
      note: 'raffle',
    },
    'staff@example.co.za',
  )

const errorsOf = (page: Awaited<ReturnType<typeof look>>['page']) =>
  page.status === 'refused' ? page.result : null

describe('gift-card balance', () => {
  it('asks for a code without looking anything up', async () => {
    const { page, status } = await look(null)
    expect(status).toBe(200)
    expect(page.status).toBe('ask')
  })

  it('shows the balance of a card typed in any case, with dashes or spaces, and nothing else about it', async () => {
    const card = await issue(250_00)
    const typed = formatGiftCardCode(card.code).toLowerCase().replace(/-/g, ' ')
    const { page, status } = await look(typed)
    expect(status).toBe(200)
    expect(page).toEqual({
      status: 'found',
      result: null,
      card: {
        maskedCode: `••••-••••-••••-${card.code.slice(12)}`,
        availableCents: 250_00,
        heldCents: 0,
      },
    })
    expect(JSON.stringify(page)).not.toMatch(/lerato|birthday|raffle|staff/)
  })

  it('says plainly when a code is unknown or the card cancelled', async () => {
    const unknown = await look('ABCD-EFGH-JKMN-PQRS')
    expect(unknown.status).toBe(404)
    expect(errorsOf(unknown.page)?.error).toEqual({ code: [UNKNOWN_CARD_MESSAGE] })

    const card = await issue(100_00)
    await store.giftCards.setActive(card.id, false, { by: 'staff@example.co.za' })
    const cancelled = await look(card.code)
    expect(errorsOf(cancelled.page)?.error).toEqual({ code: [CANCELLED_CARD_MESSAGE] })
    expect(JSON.stringify(cancelled.page)).not.toContain('100')
  })

  it('refuses a code not shaped like a card without counting it against the limit', async () => {
    for (let i = 0; i < BALANCE_LOOKS.limit + 2; i += 1) {
      const { status, page } = await look('12')
      expect(status).toBe(400)
      expect(errorsOf(page)?.error?.code?.[0]).toMatch(/16-character code/)
    }
    expect((await look('ABCD-EFGH-JKMN-PQRS')).status).toBe(404)
  })

  it('answers hostile input with the form and a message, never an error', async () => {
    for (const search of [
      `?code=${'A'.repeat(100_000)}`,
      '?code=%00%01',
      '?code=<script>alert(1)</script>',
      '?code=ABCD&code=EFGH',
      '?code=',
    ]) {
      const { page, status } = await giftCardBalance({
        url: new URL(`http://shop.test/gift-card${search}`),
        clientIp: '10.0.0.9',
        store,
      })
      expect(status).toBe(400)
      expect(page.status).toBe('refused')
    }
    // Names that are not the field: the empty form.
    const other = await giftCardBalance({
      url: new URL('http://shop.test/gift-card?code[]=x&code[0]=y'),
      clientIp: '10.0.0.9',
      store,
    })
    expect(other).toEqual({ page: { status: 'ask', result: null, card: null }, status: 200 })
  })

  it('answers at most 10 looks per address in 10 minutes, even 40 at once; another address still looks', async () => {
    const card = await issue(500_00)
    const answers = await Promise.all(Array.from({ length: 40 }, () => look(card.code)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(BALANCE_LOOKS.limit)
    const refused = answers.filter((a) => a.status === 429)
    expect(refused).toHaveLength(40 - BALANCE_LOOKS.limit)
    expect(errorsOf(refused[0]!.page)?.error?.['']?.[0]).toMatch(
      /Too many balance checks from here: at most 10 every 10 minutes\. Try again in \d+ minutes?\./,
    )
    expect((await look(card.code, '10.0.0.2')).status).toBe(200)
  })

  it('renders the balance and a refused code without JavaScript', async () => {
    renderRouteWithoutJs(GiftCardBalancePage, {
      url: '/gift-card?code=x',
      loaderData: {
        status: 'found',
        result: null,
        card: { maskedCode: '••••-••••-••••-PQRS', availableCents: 180_50, heldCents: 50_00 },
      },
    })
    expect(screen.getByRole('heading', { name: 'Gift card ••••-••••-••••-PQRS' })).toBeVisible()
    expect(screen.getByText('R 180,50')).toBeVisible()
    expect(screen.getByText(/R 50,00 more is held by an order awaiting payment/)).toBeVisible()
    expect(screen.getByRole('textbox', { name: 'Gift card code' })).toBeVisible()
  })

  it('shows an unknown code as an error on the code field', async () => {
    const { page } = await look('ABCD-EFGH-JKMN-PQRS')
    renderRouteWithoutJs(GiftCardBalancePage, { url: '/gift-card', loaderData: page })
    const input = screen.getByRole('textbox', { name: 'Gift card code' })
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription(expect.stringContaining(UNKNOWN_CARD_MESSAGE))
  })
})
