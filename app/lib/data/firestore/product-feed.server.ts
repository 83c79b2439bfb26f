import type {
  CollectionReference,
  DocumentSnapshot,
  Firestore,
  QuerySnapshot,
  Timestamp,
} from 'firebase-admin/firestore'

import { errorSummary, logger } from '~/lib/log.server'

import { ProductEmitter } from '../emitter.server'
import type { ProductChange } from '../store'
import type { Product } from '../types'

type Listener = (changes: ProductChange[]) => void

/**
 * The product changes of one store over Firestore, for every `ProductStore.subscribe` subscriber
 * in the process: ONE snapshot listener on `products`, started by the first subscriber and stopped
 * with the last, whose initial snapshot (every product: one read each) is kept here as the
 * listener's view of the catalogue instead of being delivered as changes. While it runs,
 * `products.all()` answers from that view, so a catalogue index that subscribes and then reads
 * every product reads each product once per instance start, not twice (issue 15).
 *
 * Writes made by this instance are emitted as soon as they commit (as SQLite does), so an action's
 * redirect never beats the listener: the store's transaction runner records the products a
 * transaction wrote, and after the commit they are read back and emitted (one read per product
 * written, only while someone listens); a batch of whole products emits what it wrote. The
 * listener reports the same writes later: every version is tagged with the document's update time
 * and only a newer one than the view holds is emitted, so each version reaches subscribers once
 * and an older one never replaces a newer one, whichever path delivers it first.
 */
export type ProductFeed = {
  subscribe(listener: Listener): () => void
  /**
   * Every product, by id, as the running listener sees it (with this instance's own commits),
   * once its first snapshot arrived; null when no listener runs (the caller reads the collection).
   */
  current(): Promise<Product[] | null>
  /** After a transaction that wrote these products committed: read them back and emit them. */
  committed(ids: ReadonlySet<string>): Promise<void>
  /** After a batch that wrote these whole products committed at `writeTime`. */
  written(products: readonly Product[], writeTime: Timestamp): Promise<void>
  /** Documents the listener has been handed (its initial snapshot and every change): for tests. */
  readonly snapshotDocs: number
}

/**
 * One product's latest known version (the document's update time, which sorts as a string), and
 * whether subscribers were told of it (not those of the listener's initial snapshot).
 */
type Known = { product: Product | null; version: string; told: boolean }
type Version = { id: string; product: Product | null; version: string }

export function createProductFeed({
  db,
  products,
  decode,
  snapshotStops,
}: {
  db: Firestore
  products: CollectionReference
  decode: (data: unknown) => Product
  snapshotStops: Set<() => void>
}): ProductFeed {
  const emitter = new ProductEmitter()
  let view: Map<string, Known> | null = null
  let ready: Promise<void> | null = null
  let stopListener: (() => void) | null = null
  let snapshotDocs = 0

  /** Applies versions to the view and emits those subscribers have not been told of. */
  const accept = (versions: Version[]) => {
    if (!view) return
    const changes: ProductChange[] = []
    for (const { id, product, version } of versions) {
      const known = view.get(id)
      if (known && (known.version > version || (known.version === version && known.told))) continue
      view.set(id, { product, version, told: true })
      changes.push(product ? { type: 'upsert', product } : { type: 'delete', id })
    }
    emitter.emit(changes)
  }

  /**
   * This instance's own committed versions. A write that committed while the listener was
   * starting may be in its initial snapshot, which is not delivered: it is told here.
   */
  const acceptLocal = async (versions: () => Promise<Version[]> | Version[]) => {
    if (!ready) return // nobody listens
    try {
      await ready
    } catch {
      return
    }
    accept(await versions())
  }

  const start = () => {
    let markReady: () => void = () => {}
    let fail: (error: unknown) => void = () => {}
    ready = new Promise<void>((resolve, reject) => {
      markReady = resolve
      fail = reject
    })
    // Nobody may be waiting on `ready` when the listener fails: all() then reads the collection.
    ready.catch(() => {})
    const stop = products.onSnapshot(
      (snap: QuerySnapshot) => {
        snapshotDocs += view ? snap.docChanges().length : snap.size
        if (!view) {
          view = new Map(
            snap.docs.map((doc) => [
              doc.id,
              { product: decode(doc.data()), version: doc.updateTime.valueOf(), told: false },
            ]),
          )
          markReady()
          return
        }
        accept(
          snap.docChanges().map((change) =>
            change.type === 'removed'
              ? // A deletion is newer than any version read before this snapshot.
                { id: change.doc.id, product: null, version: snap.readTime.valueOf() }
              : {
                  id: change.doc.id,
                  product: decode(change.doc.data()),
                  version: change.doc.updateTime.valueOf(),
                },
          ),
        )
      },
      (error) => {
        logger.error(
          { job: 'product-feed' },
          `The products snapshot listener stopped: ${errorSummary(error)}`,
        )
        fail(error)
        halt()
      },
    )
    stopListener = stop
    snapshotStops.add(halt) // store.close() stops it too
  }

  function halt() {
    snapshotStops.delete(halt)
    stopListener?.()
    stopListener = null
    view = null
    ready = null
  }

  return {
    subscribe(listener) {
      const unsubscribe = emitter.subscribe(listener)
      if (!stopListener) start()
      let subscribed = true
      return () => {
        if (!subscribed) return
        subscribed = false
        unsubscribe()
        if (emitter.size === 0) halt()
      }
    },
    async current() {
      if (!ready) return null
      try {
        await ready
      } catch {
        return null
      }
      if (!view) return null
      return [...view.values()]
        .flatMap((known) => (known.product ? [known.product] : []))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    },
    async committed(ids) {
      if (ids.size === 0) return
      await acceptLocal(async () => {
        const snaps: DocumentSnapshot[] = await db.getAll(...[...ids].map((id) => products.doc(id)))
        return snaps.flatMap((snap) =>
          snap.exists && snap.updateTime
            ? [{ id: snap.id, product: decode(snap.data()), version: snap.updateTime.valueOf() }]
            : [],
        )
      })
    },
    async written(list, writeTime) {
      await acceptLocal(() =>
        list.map((product) => ({ id: product.id, product, version: writeTime.valueOf() })),
      )
    },
    get snapshotDocs() {
      return snapshotDocs
    },
  }
}
