import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { Store } from '~/lib/data/store'
import { answer, get, post, signInStaffAndCustomer, type Visitors } from '../../test/admin-requests'

import type * as CardRoute from './admin.gift-cards.$id'
import type * as ListRoute from './admin.gift-cards._index'

/**
 * /admin/gift-cards over a real SQLite store in a temp DATA_DIR, signed in through the real session
 * cookie: the guard, issuing a card (its mail queued), the masked list, a card's history and
 * cancelling it, and giving a customer store credit.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'admin-gift-cards-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('AUTH_BACKEND', 'local')

let store: Store
let who: Visitors
let routes: { list: typeof ListRoute; card: typeof CardRoute }
const context = { clientIp: '127.0.0.1' }
const STAFF_EMAIL = 'nomsa@shop.example.co.za'

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  who = await signInStaffAndCustomer(store)
  routes = {
    list: await import('./admin.gift-cards._index'),
    card: await import('./admin.gift-cards.$id'),
  }
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

const act = (fields: Record<string, string>, cookie = who.staff) =>
  answer(() =>
    routes.list.action({ request: post('/admin/gift-cards', fields, cookie), params: {}, context }),
  )

const list = (cookie = who.staff) =>
  answer(() =>
    routes.list.loader({ request: get('/admin/gift-cards', cookie), params: {}, context }),
  )

const cardIdOf = (location: string | null) => location!.split('/').pop()!

describe('/admin/gift-cards', () => {
  it('is staff only: a visitor signs in first, a customer gets the 404 page and issues nothing', async () => {
    expect((await list('')).location).toBe('/auth?redirectTo=%2Fadmin%2Fgift-cards')
    expect((await list(who.customer)).status).toBe(404)
    expect((await act({ intent: 'issue', amount: '500' }, who.customer)).status).toBe(404)
    expect(
      (
        await act(
          { intent: 'give-credit', email: 'thandi@example.co.za', amount: '50', reason: 'x' },
          who.customer,
        )
      ).status,
    ).toBe(404)
    expect((await store.giftCards.list({ offset: 0, limit: 10 })).total).toBe(0)
    expect((await store.storeCredit.get('customer-1')).balanceCents).toBe(0)
  })

  it('issues a card in rands, mails its code to the recipient and lists it masked', async () => {
    const issued = await act({
      intent: 'issue',
      amount: 'R 500,00',
      recipientEmail: 'Lerato@Example.co.za',
      note: 'Market raffle prize',
    })
    expect(issued.status).toBe(302)
    expect(issued.headers.get('Set-Cookie')).toContain('en_toast')
    const card = (await store.giftCards.get(cardIdOf(issued.location)))!
    expect(card).toMatchObject({
      initialCents: 500_00,
      balanceCents: 500_00,
      issuedTo: 'lerato@example.co.za',
      issuedBy: STAFF_EMAIL,
      note: 'Market raffle prize',
    })

    const mail = await store.outbox.get(`gift-card:${card.id}`)
    expect(mail).toMatchObject({ to: 'lerato@example.co.za' })
    expect(mail!.subject).toMatch(/^Your .+ gift card$/)
    const grouped = card.code.match(/.{4}/g)!.join('-')
    expect(mail!.text).toContain(grouped)
    expect(mail!.text).toContain('R\u00a0500,00')

    const page = await list()
    const row = page.body.cards.find((c: { id: string }) => c.id === card.id)
    expect(row.maskedCode).toBe(`••••-••••-••••-${card.code.slice(-4)}`)
    expect(row).not.toHaveProperty('code')
    expect(JSON.stringify(page.body)).not.toContain(card.code)
  })

  it('issues a card without a recipient and mails nothing', async () => {
    const issued = await act({ intent: 'issue', amount: '250' })
    const id = cardIdOf(issued.location)
    expect((await store.giftCards.get(id))!.issuedTo).toBeNull()
    expect(await store.outbox.get(`gift-card:${id}`)).toBeNull()
  })

  it('refuses a bad amount or email beside its field, and issues nothing', async () => {
    const before = (await store.giftCards.list({ offset: 0, limit: 100 })).total
    const refused = await act({ intent: 'issue', amount: 'lots', recipientEmail: 'not-an-email' })
    expect(refused.status).toBe(400)
    expect(refused.body.intent).toBe('issue')
    expect(refused.body.result.error).toEqual({
      amount: ['Enter the amount in rands, e.g. 1299.00'],
      recipientEmail: [
        "Enter the recipient's email address like name@example.co.za, or leave it empty",
      ],
    })
    const tooMuch = await act({ intent: 'issue', amount: '60000' })
    expect(tooMuch.body.result.error.amount).toEqual([
      'Enter an amount of at most R\u00a050\u00a0000,00',
    ])
    expect((await store.giftCards.list({ offset: 0, limit: 100 })).total).toBe(before)
  })

  it("shows a card's balance history and cancels and restores it", async () => {
    const issued = await act({ intent: 'issue', amount: '100' })
    const id = cardIdOf(issued.location)
    const load = () =>
      answer(() =>
        routes.card.loader({
          request: get(`/admin/gift-cards/${id}`, who.staff),
          params: { id },
          context,
        }),
      )
    const page = await load()
    expect(page.body.history).toMatchObject([
      { kind: 'issued', amountCents: 100_00, by: STAFF_EMAIL },
    ])
    const cancel = (intent: string, cookie = who.staff) =>
      answer(() =>
        routes.card.action({
          request: post(`/admin/gift-cards/${id}`, { intent }, cookie),
          params: { id },
          context,
        }),
      )
    expect((await cancel('deactivate', who.customer)).status).toBe(404)
    expect((await store.giftCards.get(id))!.active).toBe(true)
    expect((await cancel('deactivate')).location).toBe(`/admin/gift-cards/${id}`)
    expect((await store.giftCards.get(id))!.active).toBe(false)
    await cancel('activate')
    expect((await store.giftCards.get(id))!.active).toBe(true)
    expect(
      (
        await answer(() =>
          routes.card.loader({
            request: get('/admin/gift-cards/nope', who.staff),
            params: { id: 'nope' },
            context,
          }),
        )
      ).status,
    ).toBe(404)
  })

  it("gives a customer store credit by their account's email, with the reason", async () => {
    const given = await act({
      intent: 'give-credit',
      email: 'THANDI@example.co.za',
      amount: '150.00',
      reason: 'Instead of a refund for a broken mug',
    })
    expect(given.status).toBe(302)
    expect(given.location).toBe('/admin/gift-cards')
    expect((await store.storeCredit.get('customer-1')).balanceCents).toBe(150_00)
    expect(await store.storeCredit.history('customer-1')).toMatchObject([
      {
        kind: 'credited',
        amountCents: 150_00,
        by: STAFF_EMAIL,
        note: 'Instead of a refund for a broken mug',
      },
    ])

    const unknown = await act({
      intent: 'give-credit',
      email: 'nobody@example.co.za',
      amount: '10',
      reason: 'Sorry',
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.intent).toBe('give-credit')
    expect(unknown.body.result.error.email).toEqual([
      "No account has the email nobody@example.co.za: check the address (store credit needs the customer's account)",
    ])
    const blank = await act({ intent: 'give-credit', email: '', amount: '', reason: '' })
    expect(blank.body.result.error).toEqual({
      email: ["Enter the email address of the customer's account, like name@example.co.za"],
      amount: ['Enter the amount in rands, e.g. 1299.00'],
      reason: ['Enter the reason, e.g. Instead of a refund for a broken mug'],
    })
    expect((await store.storeCredit.get('customer-1')).balanceCents).toBe(150_00)
  })

  it('issues one card and gives credit once when a page is posted twice (a double click without JS)', async () => {
    const first = await list()
    const second = await list()
    const keys = first.body.formKeys
    expect(keys.issue).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(keys.credit).not.toBe(keys.issue)
    expect(second.body.formKeys.issue).not.toBe(keys.issue)

    const cardsBefore = (await store.giftCards.list({ offset: 0, limit: 100 })).total
    const form = {
      intent: 'issue',
      amount: '300',
      recipientEmail: 'sipho@example.co.za',
      issueKey: keys.issue,
    }
    const posts = await Promise.all([act(form), act(form), act(form)])
    const locations = new Set(posts.map((p) => p.location))
    expect(locations.size).toBe(1)
    expect((await store.giftCards.list({ offset: 0, limit: 100 })).total).toBe(cardsBefore + 1)
    const id = cardIdOf(posts[0]!.location)
    const mails = await store.outbox.list({ offset: 0, limit: 100 })
    expect(mails.items.filter((m) => m.to === 'sipho@example.co.za')).toHaveLength(1)
    // The next rendering's key issues the next card.
    const next = await act({ ...form, issueKey: second.body.formKeys.issue })
    expect(cardIdOf(next.location)).not.toBe(id)

    const creditBefore = (await store.storeCredit.get('customer-1')).balanceCents
    const credit = {
      intent: 'give-credit',
      email: 'thandi@example.co.za',
      amount: '40',
      reason: 'Late delivery',
      creditKey: keys.credit,
    }
    const given = await Promise.all(Array.from({ length: 5 }, () => act(credit)))
    expect(given.every((g) => g.location === '/admin/gift-cards')).toBe(true)
    expect((await store.storeCredit.get('customer-1')).balanceCents).toBe(creditBefore + 40_00)
  })

  it('gives the credit when a form whose first grant failed is sent again', async () => {
    const { body } = await list()
    const before = (await store.storeCredit.get('customer-1')).balanceCents
    const credit = {
      intent: 'give-credit',
      email: 'thandi@example.co.za',
      amount: '25',
      reason: 'Broken lid',
      creditKey: body.formKeys.credit,
    }
    const failing = vi
      .spyOn(store.storeCredit, 'grant')
      .mockRejectedValueOnce(new Error('the store is unavailable'))
    await expect(act(credit)).rejects.toThrow('the store is unavailable')
    failing.mockRestore()
    expect((await store.storeCredit.get('customer-1')).balanceCents).toBe(before)

    const again = await act(credit)
    expect(again.location).toBe('/admin/gift-cards')
    expect((await store.storeCredit.get('customer-1')).balanceCents).toBe(before + 25_00)
  })
})
