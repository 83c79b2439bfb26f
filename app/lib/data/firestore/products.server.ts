import { iso } from '../rules.server'
import type { ProductChange, ProductStore } from '../store'
import type { Product } from '../types'
import { summarizeVariants, withVariants, type ProductInput } from '../variants'
import type { FirestoreContext } from './context.server'

/**
 * Layout: one document per product in `products`, its options and variants embedded as arrays
 * (`options: [{ name, values }]`, `variants: [{ id, optionValues, priceCents, compareAtCents,
 * stock, image }]`), so a stock reservation reads and writes one document per product in its
 * transaction, and the top-level priceCents/compareAtCents/stock hold the variants' summary. A
 * document written before product options existed has no variants: it reads as a product with one
 * default variant.
 */
export function productFromDoc(data: unknown): Product {
  const product = data as ProductInput
  return product.variants?.length ? (product as Product) : withVariants(product)
}

/** The document fields that change when a product's variants' stock does. */
export function variantStockUpdate(product: Product, stockById: ReadonlyMap<string, number>) {
  const variants = product.variants.map((variant) => ({
    ...variant,
    stock: stockById.get(variant.id) ?? variant.stock,
  }))
  return { variants, ...summarizeVariants(variants) }
}

/** Firestore's batch reads are limited in size; 100 keeps each request small. */
const GET_ALL_CHUNK = 100
/** A batch holds at most 500 writes. */
const WRITE_BATCH = 400

export function createProductStore({ db, col, snapshotStops }: FirestoreContext): ProductStore {
  return {
    async get(id) {
      const snap = await col.products.doc(id).get()
      return snap.exists ? productFromDoc(snap.data()) : null
    },
    async getMany(ids) {
      const unique = [...new Set(ids)]
      const found: Product[] = []
      for (let i = 0; i < unique.length; i += GET_ALL_CHUNK) {
        const refs = unique.slice(i, i + GET_ALL_CHUNK).map((id) => col.products.doc(id))
        if (refs.length === 0) continue
        const snaps = await db.getAll(...refs)
        for (const snap of snaps) if (snap.exists) found.push(productFromDoc(snap.data()))
      }
      return found
    },
    async all() {
      const snap = await col.products.orderBy('id').get()
      return snap.docs.map((doc) => productFromDoc(doc.data()))
    },
    async count() {
      const snap = await col.products.count().get()
      return snap.data().count
    },
    async upsertMany(list) {
      for (let i = 0; i < list.length; i += WRITE_BATCH) {
        const batch = db.batch()
        for (const p of list.slice(i, i + WRITE_BATCH).map(withVariants)) {
          batch.set(col.products.doc(p.id), {
            ...p,
            createdAt: iso(p.createdAt),
            updatedAt: iso(p.updatedAt),
          })
        }
        await batch.commit()
      }
    },
    /**
     * A snapshot listener per subscriber. Its first snapshot is delivered as upserts of every
     * product: a catalogue that calls all() and then subscribe() would otherwise miss any change
     * made between the two calls. Later snapshots deliver only what changed, including writes
     * from other server instances.
     */
    subscribe(listener) {
      const stop = col.products.onSnapshot(
        (snap) => {
          const changes: ProductChange[] = snap
            .docChanges()
            .map((change) =>
              change.type === 'removed'
                ? { type: 'delete', id: change.doc.id }
                : { type: 'upsert', product: productFromDoc(change.doc.data()) },
            )
          if (changes.length === 0) return
          try {
            listener(changes)
          } catch (error) {
            console.error('A product change listener failed', error)
          }
        },
        (error) => console.error('The products snapshot listener stopped', error),
      )
      snapshotStops.add(stop)
      return () => {
        snapshotStops.delete(stop)
        stop()
      }
    },
  }
}
