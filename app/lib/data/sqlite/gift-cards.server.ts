import { randomUUID } from 'node:crypto'

import {
  availableCents,
  isGiftCardCode,
  newGiftCardCode,
  normalizeGiftCardCode,
} from '~/lib/promotions/gift-cards'
import type { BalanceEntry, GiftCard, StoreCredit } from '~/lib/promotions/types'

import { mailEnqueued } from '../outbox.server'
import { balanceEntry, giftCardIdForKey, HOLD_ENTRY, type OrderClaims } from '../promotions.server'
import { assertPage } from '../rules.server'
import { InsufficientBalanceError, type GiftCardStore, type StoreCreditStore } from '../store'
import type { Order, OrderGiftCard } from '../types'
import type { SqliteContext } from './context.server'
import type { Db } from './database.server'
import { outboxWriter } from './outbox.server'

type GiftCardRow = {
  id: string
  code: string
  initial_cents: number
  balance_cents: number
  held_cents: number
  issued_to: string | null
  message: string | null
  note: string | null
  order_id: string | null
  issued_by: string | null
  active: number
  created_at: string
  updated_at: string
}

type CreditRow = { user_id: string; balance_cents: number; held_cents: number; updated_at: string }

type EntryRow = {
  at: string
  kind: BalanceEntry['kind']
  amount_cents: number
  order_id: string | null
  made_by: string | null
  note: string | null
}

const toCard = (row: GiftCardRow): GiftCard => ({
  id: row.id,
  code: row.code,
  initialCents: row.initial_cents,
  balanceCents: row.balance_cents,
  heldCents: row.held_cents,
  issuedTo: row.issued_to,
  message: row.message,
  note: row.note,
  orderId: row.order_id,
  issuedBy: row.issued_by,
  active: row.active === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

const toEntry = (row: EntryRow): BalanceEntry => ({
  at: row.at,
  kind: row.kind,
  amountCents: row.amount_cents,
  orderId: row.order_id,
  by: row.made_by,
  note: row.note,
})

const noCredit = (userId: string): StoreCredit => ({
  userId,
  balanceCents: 0,
  heldCents: 0,
  updatedAt: '',
})

const toCredit = (row: CreditRow): StoreCredit => ({
  userId: row.user_id,
  balanceCents: row.balance_cents,
  heldCents: row.held_cents,
  updatedAt: row.updated_at,
})

/** The statements over cards, credit and their histories that the stores and the holds share. */
function balanceStatements(db: Db) {
  const entryParams = (owner: string, entry: BalanceEntry) => ({
    owner,
    at: entry.at,
    kind: entry.kind,
    amountCents: entry.amountCents,
    orderId: entry.orderId,
    by: entry.by,
    note: entry.note,
  })
  const insertCardEntry = db.prepare(
    `INSERT INTO gift_card_entries (gift_card_id, at, kind, amount_cents, order_id, made_by, note)
     VALUES (@owner, @at, @kind, @amountCents, @orderId, @by, @note)`,
  )
  const insertCreditEntry = db.prepare(
    `INSERT INTO store_credit_entries (user_id, at, kind, amount_cents, order_id, made_by, note)
     VALUES (@owner, @at, @kind, @amountCents, @orderId, @by, @note)`,
  )
  const cardById = db.prepare<[string], GiftCardRow>('SELECT * FROM gift_cards WHERE id = ?')
  const creditOf = db.prepare<[string], CreditRow>('SELECT * FROM store_credits WHERE user_id = ?')
  return {
    cardById,
    cardByCode: db.prepare<[string], GiftCardRow>('SELECT * FROM gift_cards WHERE code = ?'),
    creditOf,
    /** Moves a card's balance and hold by these amounts (the CHECKs keep them in range). */
    moveCard: db.prepare(
      `UPDATE gift_cards SET balance_cents = balance_cents + @balance,
         held_cents = held_cents + @held, updated_at = @at WHERE id = @id`,
    ),
    /** Moves a customer's credit by these amounts; the row must exist (openCredit). */
    moveCredit: db.prepare(
      `UPDATE store_credits SET balance_cents = balance_cents + @balance,
         held_cents = held_cents + @held, updated_at = @at WHERE user_id = @id`,
    ),
    /** Gives a customer a credit row (zero) if they have none. */
    openCredit: db.prepare<[string, string]>(
      `INSERT INTO store_credits (user_id, balance_cents, held_cents, updated_at)
       VALUES (?, 0, 0, ?) ON CONFLICT (user_id) DO NOTHING`,
    ),
    cardEntry: (cardId: string, entry: BalanceEntry) =>
      insertCardEntry.run(entryParams(cardId, entry)),
    creditEntry: (userId: string, entry: BalanceEntry) =>
      insertCreditEntry.run(entryParams(userId, entry)),
  }
}

/**
 * What an order holds on gift cards and store credit, for the order store's transactions: `hold`
 * (placing) checks every card and the credit can pay their part, or throws
 * InsufficientBalanceError, and holds it; `release` (not paid) lets the holds go; `spend` (paid)
 * takes them off the balances. Call inside an immediate transaction.
 */
export function balanceHolds(context: SqliteContext) {
  const s = balanceStatements(context.db)
  type Holder = Pick<Order, 'id' | 'userId' | 'giftCards' | 'storeCreditCents'>
  /** Applies `delta` (balance, hold) per unit of each amount the order put on a card or its credit. */
  const settle = (
    order: Holder,
    at: string,
    delta: { balance: number; held: number },
    entry: (typeof HOLD_ENTRY)['release'],
  ) => {
    for (const card of order.giftCards) {
      const amount = card.amountCents
      s.moveCard.run({
        id: card.giftCardId,
        balance: delta.balance * amount,
        held: delta.held * amount,
        at,
      })
      s.cardEntry(card.giftCardId, entry(amount, order.id, at))
    }
    if (order.storeCreditCents > 0 && order.userId !== null) {
      const amount = order.storeCreditCents
      s.moveCredit.run({
        id: order.userId,
        balance: delta.balance * amount,
        held: delta.held * amount,
        at,
      })
      s.creditEntry(order.userId, entry(amount, order.id, at))
    }
  }
  return {
    /** Holds the draft's amounts for order `orderId`; returns the cards as the order keeps them. */
    hold(
      orderId: string,
      userId: string | null,
      claims: Pick<OrderClaims, 'giftCards' | 'storeCreditCents'>,
      at: string,
    ): OrderGiftCard[] {
      const shortfalls: InsufficientBalanceError['shortfalls'] = []
      const held: OrderGiftCard[] = []
      for (const { code, amountCents } of claims.giftCards) {
        const row = s.cardByCode.get(code)
        const card = row ? toCard(row) : null
        const available = card?.active ? availableCents(card) : 0
        if (!card || available < amountCents) {
          shortfalls.push({
            source: 'gift_card',
            code,
            requestedCents: amountCents,
            availableCents: available,
          })
        } else {
          held.push({ giftCardId: card.id, code: card.code, amountCents })
        }
      }
      if (claims.storeCreditCents > 0) {
        const row = userId === null ? undefined : s.creditOf.get(userId)
        const available = row ? availableCents(toCredit(row)) : 0
        if (available < claims.storeCreditCents) {
          shortfalls.push({
            source: 'store_credit',
            code: null,
            requestedCents: claims.storeCreditCents,
            availableCents: available,
          })
        }
      }
      if (shortfalls.length) throw new InsufficientBalanceError(shortfalls)
      const order = {
        id: orderId,
        userId,
        giftCards: held,
        storeCreditCents: claims.storeCreditCents,
      }
      settle(order, at, { balance: 0, held: 1 }, HOLD_ENTRY.hold)
      return held
    },
    release(order: Holder, at: string) {
      settle(order, at, { balance: 0, held: -1 }, HOLD_ENTRY.release)
    },
    spend(order: Holder, at: string) {
      settle(order, at, { balance: -1, held: -1 }, HOLD_ENTRY.spend)
    },
    /** A refund's part back on gift cards and as the buyer's store credit (`credited` lines). */
    giveBack(
      orderId: string,
      toCards: readonly { giftCardId: string; cents: number }[],
      storeCredit: { userId: string; cents: number } | null,
      at: string,
      by: string | null,
    ) {
      const note = `Refund of order ${orderId}`
      for (const card of toCards) {
        s.moveCard.run({ id: card.giftCardId, balance: card.cents, held: 0, at })
        s.cardEntry(card.giftCardId, {
          ...balanceEntry('credited', card.cents, at, { by, note }),
          orderId,
        })
      }
      if (storeCredit) {
        s.openCredit.run(storeCredit.userId, at)
        s.moveCredit.run({ id: storeCredit.userId, balance: storeCredit.cents, held: 0, at })
        s.creditEntry(storeCredit.userId, {
          ...balanceEntry('credited', storeCredit.cents, at, { by, note }),
          orderId,
        })
      }
    },
  }
}

export function createGiftCardStore(context: SqliteContext): GiftCardStore {
  const { db } = context
  const s = balanceStatements(db)
  const writeMail = outboxWriter(db)
  const insertCard = db.prepare(
    `INSERT INTO gift_cards (id, code, initial_cents, balance_cents, held_cents, issued_to,
       message, note, order_id, issued_by, active, created_at, updated_at)
     VALUES (@id, @code, @amountCents, @amountCents, 0, @issuedTo, @message, @note, @orderId,
       @issuedBy, 1, @at, @at)`,
  )
  const selectPage = db.prepare<[number, number], GiftCardRow>(
    'SELECT * FROM gift_cards ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
  )
  const countAll = db.prepare<[], number>('SELECT count(*) FROM gift_cards').pluck()
  const selectEntries = db.prepare<[string], EntryRow>(
    'SELECT * FROM gift_card_entries WHERE gift_card_id = ? ORDER BY id',
  )
  const updateActive = db.prepare(
    'UPDATE gift_cards SET active = @active, updated_at = @at WHERE id = @id',
  )
  const get = (id: string) => {
    const row = s.cardById.get(id)
    return row ? toCard(row) : null
  }

  return {
    async issue(input, issuedBy, mail) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) {
        throw new RangeError(`A gift card holds whole cents above 0, got ${input.amountCents}`)
      }
      const at = context.now()
      let mailAdded = 0
      const id = input.key ? giftCardIdForKey(input.key) : randomUUID()
      const card = db
        .transaction((): GiftCard => {
          // Issued before under this key: that card, and nothing written.
          const before = input.key ? get(id) : null
          if (before) return before
          let code = newGiftCardCode()
          // 31^16 codes: a clash is all but impossible, but a clash must never share a balance.
          while (s.cardByCode.get(code)) code = newGiftCardCode()
          insertCard.run({
            id,
            code,
            amountCents: input.amountCents,
            issuedTo: input.issuedTo,
            message: input.message,
            note: input.note,
            orderId: input.orderId ?? null,
            issuedBy,
            at,
          })
          s.cardEntry(
            id,
            balanceEntry('issued', input.amountCents, at, {
              orderId: input.orderId ?? null,
              by: issuedBy,
              note: input.note,
            }),
          )
          const issued = get(id)!
          mailAdded = writeMail(mail ? mail(issued) : [], at)
          return issued
        })
        .immediate()
      if (mailAdded) mailEnqueued()
      return card
    },
    async get(id) {
      return get(id)
    },
    async getByCode(code) {
      const normal = normalizeGiftCardCode(code)
      if (!isGiftCardCode(normal)) return null
      const row = s.cardByCode.get(normal)
      return row ? toCard(row) : null
    },
    async list({ offset, limit }) {
      assertPage({ offset, limit })
      return db.transaction(() => ({
        items: selectPage.all(limit, offset).map(toCard),
        total: countAll.get()!,
      }))()
    },
    async history(id) {
      return selectEntries.all(id).map(toEntry)
    },
    async setActive(id, active, audit) {
      return db
        .transaction((): GiftCard | null => {
          const card = get(id)
          if (!card || card.active === active) return card
          const at = context.now()
          updateActive.run({ id, active: active ? 1 : 0, at })
          s.cardEntry(
            id,
            balanceEntry('adjusted', 0, at, {
              by: audit.by,
              note: active ? 'card restored' : 'card cancelled',
            }),
          )
          return get(id)
        })
        .immediate()
    },
  }
}

export function createStoreCreditStore(context: SqliteContext): StoreCreditStore {
  const { db } = context
  const s = balanceStatements(db)
  const selectEntries = db.prepare<[string], EntryRow>(
    'SELECT * FROM store_credit_entries WHERE user_id = ? ORDER BY id',
  )
  const get = (userId: string) => {
    const row = s.creditOf.get(userId)
    return row ? toCredit(row) : noCredit(userId)
  }
  return {
    async get(userId) {
      return get(userId)
    },
    async grant(userId, amountCents, { by, note }) {
      if (!Number.isSafeInteger(amountCents) || amountCents < 1) {
        throw new RangeError(`Store credit is granted in whole cents above 0, got ${amountCents}`)
      }
      return db
        .transaction((): StoreCredit => {
          const at = context.now()
          s.openCredit.run(userId, at)
          s.moveCredit.run({ id: userId, balance: amountCents, held: 0, at })
          s.creditEntry(userId, balanceEntry('credited', amountCents, at, { by, note }))
          return get(userId)
        })
        .immediate()
    },
    async history(userId) {
      return selectEntries.all(userId).map(toEntry)
    },
  }
}
