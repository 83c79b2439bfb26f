import {
  FieldPath,
  type Query,
  type QuerySnapshot,
  type Transaction,
} from 'firebase-admin/firestore'

import {
  applyEdit,
  compareByName,
  describeImages,
  isLowStock,
  productSearch,
} from '../product-edit.server'
import { assertPage, iso } from '../rules.server'
import type { ProductStore } from '../store'
import type { Order, Product, ProductImage, ProductLogEntry } from '../types'
import { shippingFacts, summarizeVariants, withVariants, type ProductInput } from '../variants'
import type { FirestoreContext } from './context.server'

/**
 * Layout: one document per product in `products`, its options and variants embedded as arrays
 * (`options: [{ name, values }]`, `variants: [{ id, optionValues, priceCents, compareAtCents,
 * stock, image, weightGrams, lengthCm?, widthCm?, heightCm? }]`), so a stock reservation reads and
 * writes one document per product in its transaction, and the top-level
 * priceCents/compareAtCents/stock hold the variants' summary. A document written before product
 * options existed has no variants: it reads as a product with one default variant; a variant
 * written before weights has none (null).
 */
export function productFromDoc(data: unknown): Product {
  const product = data as ProductInput
  if (!product.variants?.length) return withVariants(product)
  return {
    ...(product as Product),
    active: product.active ?? true,
    variants: product.variants.map(({ weightGrams, lengthCm, widthCm, heightCm, ...variant }) => ({
      ...variant,
      ...shippingFacts({ weightGrams, lengthCm, widthCm, heightCm }),
    })),
  }
}

/**
 * A product's change log: the document `productLogs/{productId}` counts its entries, which are the
 * documents of its subcollection `entries`, each with its number zero-padded as its id, so
 * document order is oldest first with no index. Entries are numbered inside the transaction that
 * writes them, so two staff saving one product at once get two numbers.
 */
const LOG_ID_DIGITS = 10

type LogCount = { productId: string; count: number }

/**
 * Appends to a product's log inside `tx`: call among the transaction's reads, then call the
 * returned function among its writes.
 */
export async function prepareLogEntry(
  tx: Transaction,
  col: FirestoreContext['col'],
  productId: string,
): Promise<(entry: ProductLogEntry) => void> {
  const counter = col.productLogs.doc(productId)
  const snap = await tx.get(counter)
  const count = snap.exists ? (snap.data() as LogCount).count + 1 : 1
  return (entry) => {
    tx.set(counter, { productId, count } satisfies LogCount)
    tx.create(counter.collection('entries').doc(String(count).padStart(LOG_ID_DIGITS, '0')), entry)
  }
}

/**
 * Units of each variant of the product (null: of every product) held by pending_payment orders,
 * read in `tx` or not.
 */
async function heldIn(
  read: (query: Query) => Promise<QuerySnapshot>,
  orders: Query,
  productId: string | null,
): Promise<Record<string, number>> {
  // Equality only (no composite index); unpaid orders expire within 30 minutes, so they are few.
  const snap = await read(orders.where('status', '==', 'pending_payment'))
  const held: Record<string, number> = {}
  for (const doc of snap.docs) {
    for (const line of (doc.data() as Order).lines) {
      if (productId !== null && line.productId !== productId) continue
      const variantId = line.variantId ?? line.productId
      held[variantId] = (held[variantId] ?? 0) + line.quantity
    }
  }
  return held
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

export function createProductStore({
  db,
  col,
  transaction,
  productFeed,
  now,
}: FirestoreContext): ProductStore {
  /** Name, variants and stock only: what the back office's search and low-stock filter read. */
  const scan = async () => {
    const snap = await col.products.select('id', 'name', 'variants', 'stock').get()
    return snap.docs.map((doc) => {
      const data = doc.data() as Pick<Product, 'name' | 'stock'> &
        Partial<Pick<Product, 'variants'>>
      return {
        id: doc.id,
        name: data.name,
        variants: data.variants?.length ? data.variants : [{ stock: data.stock }],
      }
    })
  }
  const getMany = async (ids: readonly string[]): Promise<Product[]> => {
    const unique = [...new Set(ids)]
    const found: Product[] = []
    for (let i = 0; i < unique.length; i += GET_ALL_CHUNK) {
      const refs = unique.slice(i, i + GET_ALL_CHUNK).map((id) => col.products.doc(id))
      if (refs.length === 0) continue
      const snaps = await db.getAll(...refs)
      for (const snap of snaps) if (snap.exists) found.push(productFromDoc(snap.data()))
    }
    return found
  }

  return {
    async get(id) {
      const snap = await col.products.doc(id).get()
      return snap.exists ? productFromDoc(snap.data()) : null
    },
    getMany,
    async all() {
      // While a listener runs, its snapshot already holds every product: no second read.
      const known = await productFeed.current()
      if (known) return known
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
        const written: Product[] = []
        for (const p of list.slice(i, i + WRITE_BATCH).map(withVariants)) {
          const doc = { ...p, createdAt: iso(p.createdAt), updatedAt: iso(p.updatedAt) }
          batch.set(col.products.doc(p.id), doc)
          written.push(productFromDoc(doc))
        }
        const results = await batch.commit()
        if (results[0]) await productFeed.written(written, results[0].writeTime)
      }
    },
    async list({ q, lowStock = false, offset, limit }) {
      assertPage({ offset, limit })
      const matches = productSearch(q)
      if (!matches && !lowStock) {
        const [page, total] = await Promise.all([
          col.products.orderBy('name').offset(offset).limit(limit).get(),
          col.products.count().get(),
        ])
        return {
          items: page.docs.map((doc) => productFromDoc(doc.data())),
          total: total.data().count,
        }
      }
      // Firestore cannot search within names or compare a variant's stock: a projection is read
      // and filtered here. The back office is a handful of staff, so this stays cheap enough.
      const found = (await scan())
        .filter((p) => (!lowStock || isLowStock(p)) && (!matches || matches(p)))
        .sort(compareByName)
      const items = await getMany(found.slice(offset, offset + limit).map((p) => p.id))
      return { items, total: found.length }
    },
    async countLowStock() {
      return (await scan()).filter(isLowStock).length
    },
    async heldStock(productId) {
      return heldIn((query) => query.get(), col.orders, productId)
    },
    async allHeldStock() {
      return heldIn((query) => query.get(), col.orders, null)
    },
    async save(edit, audit) {
      const at = now()
      const ref = col.products.doc(edit.id)
      return transaction(async (tx) => {
        // The product first: a placement of an order for it writes it, so it waits for this
        // transaction (or this one retries) and the unpaid orders read next are the current ones.
        const snap = await tx.get(ref)
        const held = await heldIn((query) => tx.get(query), col.orders, edit.id)
        const log = await prepareLogEntry(tx, col, edit.id)
        const before = snap.exists ? productFromDoc(snap.data()) : null
        const { product, change } = applyEdit(before, edit, held, at)
        if (!change) return product
        tx.set(ref, product)
        log({ productId: product.id, at, by: audit.by, change })
        return product
      })
    },
    async setImages(productId, images, audit) {
      const at = now()
      const ref = col.products.doc(productId)
      return transaction(async (tx) => {
        const snap = await tx.get(ref)
        if (!snap.exists) throw new Error(`Unknown product ${productId}`)
        const log = await prepareLogEntry(tx, col, productId)
        const before = productFromDoc(snap.data())
        const change = describeImages(before.images, images)
        if (!change) return before
        // Firestore refuses undefined fields (an image without renditions may carry one).
        const copy = images.map(
          (image) =>
            Object.fromEntries(
              Object.entries(image).filter(([, value]) => value !== undefined),
            ) as ProductImage,
        )
        tx.update(ref, { images: copy, updatedAt: at })
        log({ productId, at, by: audit.by, change })
        return { ...before, images: copy, updatedAt: at }
      })
    },
    async changeLog(productId) {
      const snap = await col.productLogs
        .doc(productId)
        .collection('entries')
        .orderBy(FieldPath.documentId())
        .get()
      return snap.docs.map((doc) => doc.data() as ProductLogEntry)
    },
    /**
     * One snapshot listener shared by every subscriber (product-feed.server.ts): later snapshots
     * deliver only what changed, including writes from other server instances; this instance's
     * own writes are delivered as soon as they commit. The listener's initial snapshot is not
     * delivered: all() answers from it while the listener runs.
     */
    subscribe(listener) {
      return productFeed.subscribe(listener)
    },
  }
}
