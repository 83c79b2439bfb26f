import { randomUUID } from 'node:crypto'

import type { DocumentReference, Transaction } from 'firebase-admin/firestore'

import { availabilityRefusal, normalizeDiscountCode } from '~/lib/promotions/rules'
import type { AppliedDiscount, Discount } from '~/lib/promotions/types'

import { checkDiscountDraft, customerKeys } from '../promotions.server'
import { assertPage, safeDocId } from '../rules.server'
import {
  DiscountUnavailableError,
  DuplicateDiscountCodeError,
  type DiscountCustomer,
  type DiscountStore,
  type DiscountUse,
} from '../store'
import type { Order } from '../types'
import type { FirestoreContext } from './context.server'

/*
 * Layout: `discounts/{id}` holds the discount with its counts of the uses held (`uses`,
 * `discountGivenCents`) and who made it; `discountCodes/{sha(code)}` claims a code for one
 * discount (created in the transaction that gives a discount the code, so two never share one);
 * `discounts/{id}/uses/{orderId}` is each order's claim (DiscountUse); and
 * `discounts/{id}/customers/{sha(key)}` counts one customer key's uses held (customerKeys). Every
 * claim and release writes the discount's document, so claims on one discount are judged one after
 * another: Firestore retries the transaction that read a count another changed.
 */

type DiscountDoc = Discount & { createdBy: string; updatedBy: string }
type CodeDoc = { discountId: string; code: string }
type CustomerDoc = { discountId: string; key: string; uses: number }

type Col = FirestoreContext['col']

const toDiscount = (data: unknown): Discount => {
  const { createdBy: _c, updatedBy: _u, ...discount } = data as DiscountDoc
  return discount
}

const codeRef = (col: Col, code: string) => col.discountCodes.doc(safeDocId(code))
const usesOf = (col: Col, discountId: string) => col.discounts.doc(discountId).collection('uses')
const customerRef = (col: Col, discountId: string, key: string) =>
  col.discounts.doc(discountId).collection('customers').doc(safeDocId(key))

/** Reads the counts of each customer key's uses of a discount (0 for a key never counted). */
async function readCustomerCounts(
  read: (refs: DocumentReference[]) => Promise<{ exists: boolean; data(): unknown }[]>,
  col: Col,
  discountId: string,
  keys: readonly string[],
): Promise<{ ref: DocumentReference; key: string; uses: number }[]> {
  const refs = keys.map((key) => customerRef(col, discountId, key))
  const snaps = await read(refs)
  return keys.map((key, i) => ({
    ref: refs[i]!,
    key,
    uses: snaps[i]!.exists ? (snaps[i]!.data() as CustomerDoc).uses : 0,
  }))
}

/**
 * Claims a use of each of the order's discounts inside the placing transaction: call among its
 * reads (it reads each discount and the customer's counts, and throws DiscountUnavailableError when
 * one cannot be claimed), then call the returned function among its writes.
 */
export async function prepareDiscountClaims(
  tx: Transaction,
  { col }: Pick<FirestoreContext, 'col'>,
  orderId: string,
  customer: DiscountCustomer,
  discounts: readonly AppliedDiscount[],
  at: string,
): Promise<() => void> {
  if (!discounts.length) return () => {}
  const keys = customerKeys(customer)
  const refs = discounts.map((applied) => col.discounts.doc(applied.discountId))
  const snaps = await tx.getAll(...refs)
  const writes: (() => void)[] = []
  for (const [i, applied] of discounts.entries()) {
    const snap = snaps[i]!
    const discount = snap.exists ? toDiscount(snap.data()) : null
    const counts = discount
      ? await readCustomerCounts((r) => tx.getAll(...r), col, discount.id, keys)
      : []
    const customerUses = Math.max(0, ...counts.map((count) => count.uses))
    const refusal = availabilityRefusal(discount, { now: new Date(at), customerUses })
    if (refusal) throw new DiscountUnavailableError(applied.discountId, applied.code, refusal)
    writes.push(() => {
      tx.update(refs[i]!, {
        uses: discount!.uses + 1,
        discountGivenCents: discount!.discountGivenCents + applied.amountCents,
      })
      for (const count of counts) {
        tx.set(count.ref, {
          discountId: applied.discountId,
          key: count.key,
          uses: count.uses + 1,
        } satisfies CustomerDoc)
      }
      tx.set(usesOf(col, applied.discountId).doc(orderId), {
        discountId: applied.discountId,
        orderId,
        userId: customer.userId,
        email: customer.email,
        amountCents: applied.amountCents,
        claimedAt: at,
        releasedAt: null,
      } satisfies DiscountUse)
    })
  }
  return () => {
    for (const write of writes) write()
  }
}

/**
 * Gives back the uses the order claimed, inside the move's transaction: call among its reads, then
 * call the returned function among its writes. A use already given back is not given twice.
 */
export async function prepareDiscountRelease(
  tx: Transaction,
  { col }: Pick<FirestoreContext, 'col'>,
  order: Pick<Order, 'id' | 'userId' | 'email' | 'discounts'>,
  at: string,
): Promise<() => void> {
  if (!order.discounts.length) return () => {}
  const keys = customerKeys(order)
  const writes: (() => void)[] = []
  for (const applied of order.discounts) {
    const useRef = usesOf(col, applied.discountId).doc(order.id)
    const discountRef = col.discounts.doc(applied.discountId)
    const [useSnap, discountSnap] = await tx.getAll(useRef, discountRef)
    const use = useSnap!.exists ? (useSnap!.data() as DiscountUse) : null
    if (!use || use.releasedAt !== null || !discountSnap!.exists) continue
    const discount = toDiscount(discountSnap!.data())
    const counts = await readCustomerCounts((r) => tx.getAll(...r), col, discount.id, keys)
    writes.push(() => {
      tx.update(discountRef, {
        uses: Math.max(0, discount.uses - 1),
        discountGivenCents: Math.max(0, discount.discountGivenCents - use.amountCents),
      })
      for (const count of counts) {
        tx.set(count.ref, {
          discountId: discount.id,
          key: count.key,
          uses: Math.max(0, count.uses - 1),
        } satisfies CustomerDoc)
      }
      tx.update(useRef, { releasedAt: at })
    })
  }
  return () => {
    for (const write of writes) write()
  }
}

export function createDiscountStore(context: FirestoreContext): DiscountStore {
  const { col, transaction } = context

  const get = async (id: string): Promise<Discount | null> => {
    const snap = await col.discounts.doc(id).get()
    return snap.exists ? toDiscount(snap.data()) : null
  }

  /** Creates (`id` new) or replaces discount `id` from a draft, claiming its code, in one transaction. */
  const write = (
    id: string,
    draft: Parameters<DiscountStore['create']>[0],
    by: string,
    isNew: boolean,
  ) => {
    const checked = checkDiscountDraft(draft)
    const ref = col.discounts.doc(id)
    return transaction(async (tx): Promise<Discount | null> => {
      const snap = await tx.get(ref)
      if (!isNew && !snap.exists) return null
      const before = snap.exists ? (snap.data() as DiscountDoc) : null
      if (checked.code !== null && checked.code !== before?.code) {
        const claim = await tx.get(codeRef(col, checked.code))
        if (claim.exists) throw new DuplicateDiscountCodeError(checked.code)
      }
      const at = context.now()
      const doc: DiscountDoc = {
        id,
        ...checked,
        uses: before?.uses ?? 0,
        discountGivenCents: before?.discountGivenCents ?? 0,
        createdAt: before?.createdAt ?? at,
        createdBy: before?.createdBy ?? by,
        updatedAt: at,
        updatedBy: by,
      }
      if (before?.code && before.code !== checked.code) tx.delete(codeRef(col, before.code))
      if (checked.code !== null && checked.code !== before?.code) {
        tx.create(codeRef(col, checked.code), {
          discountId: id,
          code: checked.code,
        } satisfies CodeDoc)
      }
      // Plain JSON: Firestore refuses undefined values.
      tx.set(ref, JSON.parse(JSON.stringify(doc)) as DiscountDoc)
      return toDiscount(doc)
    })
  }

  return {
    async create(draft, audit) {
      return (await write(randomUUID(), draft, audit.by, true))!
    },
    async update(id, draft, audit) {
      return write(id, draft, audit.by, false)
    },
    get,
    async getByCode(code) {
      const normal = normalizeDiscountCode(code)
      if (!normal) return null
      const claim = await codeRef(col, normal).get()
      if (!claim.exists) return null
      const discount = await get((claim.data() as CodeDoc).discountId)
      // The claim and the discount are written together; a mismatch would be a half-made change.
      return discount?.code === normal ? discount : null
    },
    async list({ offset, limit }) {
      assertPage({ offset, limit })
      const [snap, count] = await Promise.all([
        col.discounts.orderBy('createdAt', 'desc').offset(offset).limit(limit).get(),
        col.discounts.count().get(),
      ])
      return { items: snap.docs.map((doc) => toDiscount(doc.data())), total: count.data().count }
    },
    async listAutomatic() {
      // Equality only (no composite index); offers are few, so they are sorted here.
      const snap = await col.discounts
        .where('automatic', '==', true)
        .where('active', '==', true)
        .get()
      return snap.docs
        .map((doc) => toDiscount(doc.data()))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    },
    async setActive(id, active, audit) {
      const ref = col.discounts.doc(id)
      return transaction(async (tx) => {
        const snap = await tx.get(ref)
        if (!snap.exists) return null
        const discount = toDiscount(snap.data())
        if (discount.active === active) return discount
        const at = context.now()
        tx.update(ref, { active, updatedAt: at, updatedBy: audit.by })
        return { ...discount, active, updatedAt: at }
      })
    },
    async listUses(discountId, { offset, limit }) {
      assertPage({ offset, limit })
      const uses = usesOf(col, discountId)
      // Ties on claimedAt come back by document (order) id, descending, as the index keeps them.
      const [snap, count] = await Promise.all([
        uses.orderBy('claimedAt', 'desc').offset(offset).limit(limit).get(),
        uses.count().get(),
      ])
      return { items: snap.docs.map((doc) => doc.data() as DiscountUse), total: count.data().count }
    },
    async customerUses(customer, discountIds) {
      const keys = customerKeys(customer)
      const ids = [...new Set(discountIds)]
      const counts = await Promise.all(
        ids.map((id) => readCustomerCounts((r) => context.db.getAll(...r), col, id, keys)),
      )
      return Object.fromEntries(
        ids.map((id, i) => [id, Math.max(0, ...counts[i]!.map((count) => count.uses))]),
      )
    },
  }
}
