import { randomUUID } from 'node:crypto'

import { addMs } from '../outbox.server'
import { safeDocId } from '../rules.server'
import type { StockAlert, StockAlertStore } from '../stock-alerts'
import type { FirestoreContext } from './context.server'

/*
 * One document per email and variant (its id a SHA-256 of both, so one email asks once per
 * variant), the request's fields as the domain type has them. Claims run in a transaction: two
 * jobs reading the same due request conflict, Firestore retries one, and it finds it claimed.
 */

const docIdFor = (email: string, variantId: string) => safeDocId(`${email}\n${variantId}`)

export function createStockAlertStore({
  col,
  transaction,
  now,
}: FirestoreContext): StockAlertStore {
  const alerts = col.stockAlerts
  const toAlert = (doc: { data(): unknown }) => doc.data() as StockAlert

  return {
    async request(input) {
      const email = input.email.trim().toLowerCase()
      const ref = alerts.doc(docIdFor(email, input.variantId))
      return transaction(async (tx) => {
        const snap = await tx.get(ref)
        if (snap.exists) return { alert: toAlert(snap), created: false }
        const alert: StockAlert = {
          id: randomUUID(),
          email,
          userId: input.userId,
          productId: input.productId,
          variantId: input.variantId,
          requestedAt: now(),
          dueAt: null,
        }
        tx.create(ref, alert)
        return { alert, created: true }
      })
    },
    async markInStock(variantIds) {
      let n = 0
      for (const variantId of new Set(variantIds)) {
        n += await transaction(async (tx) => {
          const waiting = await tx.get(
            alerts.where('variantId', '==', variantId).where('dueAt', '==', null),
          )
          const at = now()
          for (const doc of waiting.docs) tx.update(doc.ref, { dueAt: at })
          return waiting.size
        })
      }
      return n
    },
    async claimDue(leaseMs, limit) {
      return transaction(async (tx) => {
        const at = now()
        const until = addMs(at, leaseMs)
        const due = await tx.get(alerts.where('dueAt', '<=', at).orderBy('dueAt').limit(limit))
        return due.docs.map((doc) => {
          tx.update(doc.ref, { dueAt: until })
          return { ...toAlert(doc), dueAt: until }
        })
      })
    },
    async forget(id) {
      const found = await alerts.where('id', '==', id).limit(1).get()
      await Promise.all(found.docs.map((doc) => doc.ref.delete()))
    },
    async nextDueAt() {
      const next = await alerts.where('dueAt', '!=', null).orderBy('dueAt').limit(1).get()
      return next.empty ? null : (toAlert(next.docs[0]!).dueAt ?? null)
    },
    async listForEmail(email) {
      const found = await alerts.where('email', '==', email.trim().toLowerCase()).get()
      return found.docs
        .map(toAlert)
        .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt) || a.id.localeCompare(b.id))
    },
    async eraseForEmail(email) {
      const found = await alerts.where('email', '==', email.trim().toLowerCase()).get()
      await Promise.all(found.docs.map((doc) => doc.ref.delete()))
      return found.size
    },
  }
}
