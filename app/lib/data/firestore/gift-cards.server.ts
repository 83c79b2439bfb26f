import { randomUUID } from 'node:crypto'

import {
  FieldPath,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore'

import {
  availableCents,
  isGiftCardCode,
  newGiftCardCode,
  normalizeGiftCardCode,
} from '~/lib/promotions/gift-cards'
import type { BalanceEntry, GiftCard, StoreCredit } from '~/lib/promotions/types'

import { mailEnqueued } from '../outbox.server'
import { balanceEntry, giftCardIdForKey, HOLD_ENTRY, type OrderClaims } from '../promotions.server'
import { assertPage, safeDocId } from '../rules.server'
import { InsufficientBalanceError, type GiftCardStore, type StoreCreditStore } from '../store'
import type { Order, OrderGiftCard } from '../types'
import type { FirestoreContext } from './context.server'
import { stageOutbox } from './outbox.server'

/*
 * Layout: `giftCards/{id}` holds the card and how many history lines it has (`entryCount`);
 * `giftCardCodes/{sha(code)}` claims a code for one card; `storeCredits/{userId}` holds a
 * customer's credit and its count. Each history line is a document of the holder's subcollection
 * `entries`, its number zero-padded as its id, so document order is oldest first with no index.
 * A line is numbered in the transaction that changes the balance, which reads the holder anyway.
 */

type GiftCardDoc = GiftCard & { entryCount: number }
type CreditDoc = StoreCredit & { entryCount: number }
type CodeDoc = { giftCardId: string }

type Col = FirestoreContext['col']

const ENTRY_ID_DIGITS = 10

const toCard = (data: unknown): GiftCard => {
  const { entryCount: _count, ...card } = data as GiftCardDoc
  return card
}

const toCredit = (data: unknown): StoreCredit => {
  const { entryCount: _count, ...credit } = data as CreditDoc
  return credit
}

const noCredit = (userId: string): CreditDoc => ({
  userId,
  balanceCents: 0,
  heldCents: 0,
  updatedAt: '',
  entryCount: 0,
})

const codeRef = (col: Col, code: string) => col.giftCardCodes.doc(safeDocId(code))

/** The `n`th history line of a card or a credit (numbered from 1). */
const entryRef = (holder: DocumentReference, n: number) =>
  holder.collection('entries').doc(String(n).padStart(ENTRY_ID_DIGITS, '0'))

/** A holder's history, oldest first. */
async function readEntries(holder: DocumentReference): Promise<BalanceEntry[]> {
  const snap = await holder.collection('entries').orderBy(FieldPath.documentId()).get()
  return snap.docs.map((doc) => doc.data() as BalanceEntry)
}

/** A balance with its place, as a transaction read it, and the history lines it writes. */
type Holder<T extends GiftCardDoc | CreditDoc> = { ref: DocumentReference; doc: T }

/** Writes `holder` moved by `delta` (balance, hold) with one history line, in `tx`. */
function writeMove<T extends GiftCardDoc | CreditDoc>(
  tx: Transaction,
  holder: Holder<T>,
  delta: { balance: number; held: number },
  entry: BalanceEntry,
): T {
  const next: T = {
    ...holder.doc,
    balanceCents: holder.doc.balanceCents + delta.balance,
    heldCents: holder.doc.heldCents + delta.held,
    entryCount: holder.doc.entryCount + 1,
    updatedAt: entry.at,
  }
  if (next.balanceCents < 0 || next.heldCents < 0 || next.heldCents > next.balanceCents) {
    // NOTE: never reached while every change goes through here; a guard like SQLite's CHECKs.
    throw new RangeError(`A balance would leave its range: ${JSON.stringify(next)}`)
  }
  tx.set(holder.ref, next)
  tx.create(entryRef(holder.ref, next.entryCount), entry)
  return next
}

/**
 * Holds the draft's gift-card and store-credit amounts inside the placing transaction: call among
 * its reads (it reads each card by code and the credit, and throws InsufficientBalanceError when
 * one cannot pay its part), then call `write` among its writes. `giftCards` is what the order keeps.
 */
export async function prepareHolds(
  tx: Transaction,
  col: Col,
  orderId: string,
  userId: string | null,
  claims: Pick<OrderClaims, 'giftCards' | 'storeCreditCents'>,
  at: string,
): Promise<{ giftCards: OrderGiftCard[]; write: () => void }> {
  const shortfalls: InsufficientBalanceError['shortfalls'] = []
  const cards: { holder: Holder<GiftCardDoc>; amountCents: number }[] = []
  if (claims.giftCards.length) {
    const claimSnaps = await tx.getAll(...claims.giftCards.map((c) => codeRef(col, c.code)))
    const ids = claimSnaps.map((snap) => (snap.exists ? (snap.data() as CodeDoc).giftCardId : null))
    const known = ids.filter((id): id is string => id !== null)
    const cardSnaps = known.length
      ? await tx.getAll(...known.map((id) => col.giftCards.doc(id)))
      : []
    const byId = new Map(
      cardSnaps.filter((snap) => snap.exists).map((snap) => [snap.id, snap] as const),
    )
    for (const [i, { code, amountCents }] of claims.giftCards.entries()) {
      const snap = ids[i] ? byId.get(ids[i]) : undefined
      const doc = snap ? (snap.data() as GiftCardDoc) : null
      const available = doc?.active ? availableCents(doc) : 0
      if (!doc || available < amountCents) {
        shortfalls.push({
          source: 'gift_card',
          code,
          requestedCents: amountCents,
          availableCents: available,
        })
      } else {
        cards.push({ holder: { ref: snap!.ref, doc }, amountCents })
      }
    }
  }
  let credit: Holder<CreditDoc> | null = null
  if (claims.storeCreditCents > 0) {
    const ref = userId === null ? null : col.storeCredits.doc(userId)
    const snap = ref ? await tx.get(ref) : null
    const doc = snap?.exists ? (snap.data() as CreditDoc) : null
    const available = doc ? availableCents(doc) : 0
    if (available < claims.storeCreditCents) {
      shortfalls.push({
        source: 'store_credit',
        code: null,
        requestedCents: claims.storeCreditCents,
        availableCents: available,
      })
    } else {
      credit = { ref: ref!, doc: doc! }
    }
  }
  if (shortfalls.length) throw new InsufficientBalanceError(shortfalls)
  return {
    giftCards: cards.map(({ holder, amountCents }) => ({
      giftCardId: holder.doc.id,
      code: holder.doc.code,
      amountCents,
    })),
    write() {
      for (const { holder, amountCents } of cards) {
        writeMove(
          tx,
          holder,
          { balance: 0, held: amountCents },
          HOLD_ENTRY.hold(amountCents, orderId, at),
        )
      }
      if (credit) {
        const amount = claims.storeCreditCents
        writeMove(tx, credit, { balance: 0, held: amount }, HOLD_ENTRY.hold(amount, orderId, at))
      }
    },
  }
}

/**
 * Settles what the order holds, inside the move's transaction: `release` (not paid) lets the holds
 * go, `spend` (paid) takes them off the balances. Call among its reads, then call the returned
 * function among its writes.
 */
export async function prepareSettle(
  tx: Transaction,
  col: Col,
  order: Pick<Order, 'id' | 'userId' | 'giftCards' | 'storeCreditCents'>,
  how: 'release' | 'spend',
  at: string,
): Promise<() => void> {
  const credited = order.storeCreditCents > 0 && order.userId !== null
  const refs = [
    ...order.giftCards.map((card) => col.giftCards.doc(card.giftCardId)),
    ...(credited ? [col.storeCredits.doc(order.userId!)] : []),
  ]
  if (!refs.length) return () => {}
  const snaps: DocumentSnapshot[] = await tx.getAll(...refs)
  const amounts = [
    ...order.giftCards.map((card) => card.amountCents),
    ...(credited ? [order.storeCreditCents] : []),
  ]
  return () => {
    for (const [i, snap] of snaps.entries()) {
      // A holder is never deleted; one missing has nothing to settle.
      if (!snap.exists) continue
      const amount = amounts[i]!
      const holder = { ref: snap.ref, doc: snap.data() as GiftCardDoc | CreditDoc }
      if (how === 'release') {
        writeMove(
          tx,
          holder,
          { balance: 0, held: -amount },
          HOLD_ENTRY.release(amount, order.id, at),
        )
      } else {
        writeMove(
          tx,
          holder,
          { balance: -amount, held: -amount },
          HOLD_ENTRY.spend(amount, order.id, at),
        )
      }
    }
  }
}

/**
 * A refund's part back on gift cards and as the buyer's store credit (`credited` lines), inside the
 * refund's transaction: call among its reads, then call the returned function among its writes.
 */
export async function prepareGiveBack(
  tx: Transaction,
  col: Col,
  orderId: string,
  toCards: readonly { giftCardId: string; cents: number }[],
  storeCredit: { userId: string; cents: number } | null,
  at: string,
  by: string | null,
): Promise<() => void> {
  const note = `Refund of order ${orderId}`
  const cardSnaps: DocumentSnapshot[] = toCards.length
    ? await tx.getAll(...toCards.map((card) => col.giftCards.doc(card.giftCardId)))
    : []
  const creditRef = storeCredit ? col.storeCredits.doc(storeCredit.userId) : null
  const creditSnap = creditRef ? await tx.get(creditRef) : null
  return () => {
    for (const [i, snap] of cardSnaps.entries()) {
      if (!snap.exists) continue
      const cents = toCards[i]!.cents
      writeMove(
        tx,
        { ref: snap.ref, doc: snap.data() as GiftCardDoc },
        { balance: cents, held: 0 },
        balanceEntry('credited', cents, at, { by, note, orderId }),
      )
    }
    if (storeCredit && creditRef) {
      const doc = creditSnap?.exists
        ? (creditSnap.data() as CreditDoc)
        : noCredit(storeCredit.userId)
      writeMove(
        tx,
        { ref: creditRef, doc },
        { balance: storeCredit.cents, held: 0 },
        balanceEntry('credited', storeCredit.cents, at, { by, note, orderId }),
      )
    }
  }
}

export function createGiftCardStore(context: FirestoreContext): GiftCardStore {
  const { col, transaction } = context

  const get = async (id: string): Promise<GiftCard | null> => {
    const snap = await col.giftCards.doc(id).get()
    return snap.exists ? toCard(snap.data()) : null
  }

  return {
    async issue(input, issuedBy, mail) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) {
        throw new RangeError(`A gift card holds whole cents above 0, got ${input.amountCents}`)
      }
      const id = input.key ? giftCardIdForKey(input.key) : randomUUID()
      const saved = await transaction(async (tx) => {
        // Issued before under this key: that card, and nothing written.
        if (input.key) {
          const before = await tx.get(col.giftCards.doc(id))
          if (before.exists) return { card: toCard(before.data()), mailAdded: 0 }
        }
        const at = context.now()
        let code = newGiftCardCode()
        // 31^16 codes: a clash is all but impossible, but a clash must never share a balance.
        while ((await tx.get(codeRef(col, code))).exists) code = newGiftCardCode()
        const card: GiftCard = {
          id,
          code,
          initialCents: input.amountCents,
          balanceCents: input.amountCents,
          heldCents: 0,
          issuedTo: input.issuedTo,
          message: input.message,
          note: input.note,
          orderId: input.orderId ?? null,
          issuedBy,
          active: true,
          createdAt: at,
          updatedAt: at,
        }
        const writeMail = await stageOutbox(tx, col.outbox, mail ? mail(card) : [], at)
        const ref = col.giftCards.doc(id)
        tx.create(codeRef(col, code), { giftCardId: id } satisfies CodeDoc)
        tx.create(ref, { ...card, entryCount: 1 } satisfies GiftCardDoc)
        tx.create(
          entryRef(ref, 1),
          balanceEntry('issued', input.amountCents, at, {
            orderId: card.orderId,
            by: issuedBy,
            note: input.note,
          }),
        )
        return { card, mailAdded: writeMail() }
      })
      if (saved.mailAdded) mailEnqueued()
      return saved.card
    },
    get,
    async getByCode(code) {
      const normal = normalizeGiftCardCode(code)
      if (!isGiftCardCode(normal)) return null
      const claim = await codeRef(col, normal).get()
      if (!claim.exists) return null
      return get((claim.data() as CodeDoc).giftCardId)
    },
    async list({ offset, limit }) {
      assertPage({ offset, limit })
      const [snap, count] = await Promise.all([
        col.giftCards.orderBy('createdAt', 'desc').offset(offset).limit(limit).get(),
        col.giftCards.count().get(),
      ])
      return { items: snap.docs.map((doc) => toCard(doc.data())), total: count.data().count }
    },
    async history(id) {
      return readEntries(col.giftCards.doc(id))
    },
    async setActive(id, active, audit) {
      const ref = col.giftCards.doc(id)
      return transaction(async (tx) => {
        const snap = await tx.get(ref)
        if (!snap.exists) return null
        const doc = snap.data() as GiftCardDoc
        if (doc.active === active) return toCard(doc)
        const at = context.now()
        const next = writeMove(
          tx,
          { ref, doc: { ...doc, active } },
          { balance: 0, held: 0 },
          balanceEntry('adjusted', 0, at, {
            by: audit.by,
            note: active ? 'card restored' : 'card cancelled',
          }),
        )
        return toCard(next)
      })
    },
  }
}

export function createStoreCreditStore(context: FirestoreContext): StoreCreditStore {
  const { col, transaction } = context
  return {
    async get(userId) {
      const snap = await col.storeCredits.doc(userId).get()
      return toCredit(snap.exists ? snap.data() : noCredit(userId))
    },
    async grant(userId, amountCents, { by, note }) {
      if (!Number.isSafeInteger(amountCents) || amountCents < 1) {
        throw new RangeError(`Store credit is granted in whole cents above 0, got ${amountCents}`)
      }
      const ref = col.storeCredits.doc(userId)
      return transaction(async (tx) => {
        const snap = await tx.get(ref)
        const doc = snap.exists ? (snap.data() as CreditDoc) : noCredit(userId)
        const at = context.now()
        const next = writeMove(
          tx,
          { ref, doc },
          { balance: amountCents, held: 0 },
          balanceEntry('credited', amountCents, at, { by, note }),
        )
        return toCredit(next)
      })
    },
    async history(userId) {
      return readEntries(col.storeCredits.doc(userId))
    },
  }
}
