import { ProductEmitter } from '../emitter.server'
import {
  EXPIRED_NOTE,
  applyRating,
  assertRating,
  assertTransition,
  emailKey,
  iso,
  releasesStock,
  pickMessage,
  pickUser,
  reviewId,
  wantedPerProduct,
} from '../rules.server'
import {
  DuplicateEmailError,
  OutOfStockError,
  type CartStore,
  type CredentialStore,
  type LikedStore,
  type MessageStore,
  type OrderStore,
  type ProductStore,
  type RateLimitStore,
  type ReviewStore,
  type Store,
  type UserStore,
} from '../store'
import type {
  Address,
  CartLine,
  ContactMessage,
  Order,
  OrderHistoryEntry,
  OrderLine,
  OrderStatus,
  Product,
  RatingSummary,
  Review,
  User,
} from '../types'
import { openDatabase, type Db } from './database.server'

type ProductRow = {
  id: string
  name: string
  description: string
  category: string
  category_name: string
  tags: string
  price_cents: number
  compare_at_cents: number | null
  stock: number
  images: string
  featured_rank: number | null
  rating_count: number
  rating_sum: number
  rating_distribution: string
  created_at: string
  updated_at: string
}

type ReviewRow = {
  id: string
  product_id: string
  user_id: string
  author_name: string
  rating: number
  title: string
  body: string
  created_at: string
  updated_at: string
}

type UserRow = {
  id: string
  email: string
  first_name: string
  last_name: string
  phone: string | null
  address: string | null
  created_at: string
  updated_at: string
}

type OrderRow = {
  id: string
  user_id: string | null
  email: string
  first_name: string
  last_name: string
  phone: string
  shipping_address: string
  subtotal_cents: number
  shipping_cents: number
  total_cents: number
  vat_cents: number
  status: string
  pf_payment_id: string | null
  created_at: string
  updated_at: string
}

type OrderLineRow = {
  product_id: string
  name: string
  unit_price_cents: number
  quantity: number
  image_url: string | null
}

type HistoryRow = { status: string; at: string; note: string | null }

const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  name: row.name,
  description: row.description,
  category: row.category,
  categoryName: row.category_name,
  tags: JSON.parse(row.tags) as string[],
  priceCents: row.price_cents,
  compareAtCents: row.compare_at_cents,
  stock: row.stock,
  images: JSON.parse(row.images) as Product['images'],
  featuredRank: row.featured_rank,
  rating: {
    count: row.rating_count,
    sum: row.rating_sum,
    distribution: JSON.parse(row.rating_distribution) as RatingSummary['distribution'],
  },
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

const toReview = (row: ReviewRow): Review => ({
  id: row.id,
  productId: row.product_id,
  userId: row.user_id,
  authorName: row.author_name,
  rating: row.rating as Review['rating'],
  title: row.title,
  body: row.body,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
  address: row.address === null ? null : (JSON.parse(row.address) as Address),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

/** Opens (creating and migrating) `${dataDir}/shop.db` and returns every store over it. */
export function openSqliteStore(dataDir: string): Store {
  return createSqliteStore(openDatabase(dataDir))
}

export function createSqliteStore(db: Db): Store {
  const emitter = new ProductEmitter()

  const selectProduct = db.prepare<[string], ProductRow>('SELECT * FROM products WHERE id = ?')

  const productsById = (ids: Iterable<string>): Product[] => {
    const found: Product[] = []
    for (const id of new Set(ids)) {
      const row = selectProduct.get(id)
      if (row) found.push(toProduct(row))
    }
    return found
  }

  // Listeners hear about a change only once its transaction has committed.
  const emitProducts = (ids: Iterable<string>) =>
    emitter.emit(productsById(ids).map((product) => ({ type: 'upsert' as const, product })))

  const products: ProductStore = {
    async get(id) {
      const row = selectProduct.get(id)
      return row ? toProduct(row) : null
    },
    async getMany(ids) {
      return productsById(ids)
    },
    async all() {
      return db.prepare<[], ProductRow>('SELECT * FROM products ORDER BY id').all().map(toProduct)
    },
    async count() {
      return (db.prepare('SELECT count(*) AS n FROM products').get() as { n: number }).n
    },
    async upsertMany(list) {
      const upsert = db.prepare(`
        INSERT INTO products (id, name, description, category, category_name, tags, price_cents,
          compare_at_cents, stock, images, featured_rank, rating_count, rating_sum, rating_distribution,
          created_at, updated_at)
        VALUES (@id, @name, @description, @category, @categoryName, @tags, @priceCents,
          @compareAtCents, @stock, @images, @featuredRank, @ratingCount, @ratingSum, @ratingDistribution,
          @createdAt, @updatedAt)
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description,
          category = excluded.category, category_name = excluded.category_name, tags = excluded.tags,
          price_cents = excluded.price_cents, compare_at_cents = excluded.compare_at_cents,
          stock = excluded.stock, images = excluded.images, featured_rank = excluded.featured_rank,
          rating_count = excluded.rating_count, rating_sum = excluded.rating_sum,
          rating_distribution = excluded.rating_distribution, created_at = excluded.created_at,
          updated_at = excluded.updated_at`)
      db.transaction(() => {
        for (const p of list) {
          upsert.run({
            id: p.id,
            name: p.name,
            description: p.description,
            category: p.category,
            categoryName: p.categoryName,
            tags: JSON.stringify(p.tags),
            priceCents: p.priceCents,
            compareAtCents: p.compareAtCents,
            stock: p.stock,
            images: JSON.stringify(p.images),
            featuredRank: p.featuredRank,
            ratingCount: p.rating.count,
            ratingSum: p.rating.sum,
            ratingDistribution: JSON.stringify(p.rating.distribution),
            createdAt: iso(p.createdAt),
            updatedAt: iso(p.updatedAt),
          })
        }
      }).immediate()
      emitProducts(list.map((p) => p.id))
    },
    subscribe(listener) {
      return emitter.subscribe(listener)
    },
  }

  const selectReview = db.prepare<[string, string], ReviewRow>(
    'SELECT * FROM reviews WHERE product_id = ? AND user_id = ?',
  )

  const reviews: ReviewStore = {
    async listForProduct(productId, options) {
      const limit = options?.limit ?? -1
      return db
        .prepare<[string, number], ReviewRow>(
          'SELECT * FROM reviews WHERE product_id = ? ORDER BY updated_at DESC, id LIMIT ?',
        )
        .all(productId, limit)
        .map(toReview)
    },
    async getByUser(productId, userId) {
      const row = selectReview.get(productId, userId)
      return row ? toReview(row) : null
    },
    async upsert(input) {
      assertRating(input.rating)
      const now = new Date().toISOString()
      const saved = db
        .transaction((): Review => {
          const product = selectProduct.get(input.productId)
          if (!product) throw new Error(`Unknown product ${input.productId}`)
          const previous = selectReview.get(input.productId, input.userId)
          const review: Review = {
            id: previous?.id ?? reviewId(input.productId, input.userId),
            productId: input.productId,
            userId: input.userId,
            authorName: input.authorName,
            rating: input.rating,
            title: input.title,
            body: input.body,
            createdAt: previous?.created_at ?? now,
            updatedAt: now,
          }
          db.prepare(
            `INSERT INTO reviews (id, product_id, user_id, author_name, rating, title, body, created_at, updated_at)
             VALUES (@id, @productId, @userId, @authorName, @rating, @title, @body, @createdAt, @updatedAt)
             ON CONFLICT (product_id, user_id) DO UPDATE SET author_name = excluded.author_name,
               rating = excluded.rating, title = excluded.title, body = excluded.body,
               updated_at = excluded.updated_at`,
          ).run(review)
          const summary = applyRating(
            toProduct(product).rating,
            previous ? (previous.rating as Review['rating']) : null,
            input.rating,
          )
          db.prepare(
            `UPDATE products SET rating_count = ?, rating_sum = ?, rating_distribution = ?, updated_at = ?
             WHERE id = ?`,
          ).run(summary.count, summary.sum, JSON.stringify(summary.distribution), now, input.productId)
          return review
        })
        .immediate()
      emitProducts([input.productId])
      return saved
    },
  }

  const selectUser = db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?')
  const requireUser = (id: string): User => {
    const row = selectUser.get(id)
    if (!row) throw new Error(`Unknown user ${id}`)
    return toUser(row)
  }

  const users: UserStore = {
    async get(id) {
      const row = selectUser.get(id)
      return row ? toUser(row) : null
    },
    async getByEmail(email) {
      const row = db
        .prepare<[string], UserRow>('SELECT * FROM users WHERE email_key = ?')
        .get(emailKey(email))
      return row ? toUser(row) : null
    },
    async create(input) {
      const now = new Date().toISOString()
      const user = pickUser(input, now)
      try {
        db.prepare(
          `INSERT INTO users (id, email, email_key, first_name, last_name, phone, address, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          user.id,
          user.email,
          emailKey(user.email),
          user.firstName,
          user.lastName,
          user.phone,
          user.address === null ? null : JSON.stringify(user.address),
          now,
          now,
        )
      } catch (error) {
        if (isUniqueViolation(error, 'users.email_key')) {
          throw new DuplicateEmailError(`An account with ${user.email} already exists`)
        }
        throw error
      }
      return user
    },
    async updateProfile(id, profile) {
      const result = db
        .prepare('UPDATE users SET first_name = ?, last_name = ?, phone = ?, updated_at = ? WHERE id = ?')
        .run(profile.firstName, profile.lastName, profile.phone, new Date().toISOString(), id)
      if (result.changes === 0) throw new Error(`Unknown user ${id}`)
      return requireUser(id)
    },
    async updateAddress(id, address) {
      const result = db
        .prepare('UPDATE users SET address = ?, updated_at = ? WHERE id = ?')
        .run(JSON.stringify(address), new Date().toISOString(), id)
      if (result.changes === 0) throw new Error(`Unknown user ${id}`)
      return requireUser(id)
    },
  }

  const credentials: CredentialStore = {
    async getPasswordHash(userId) {
      const row = db
        .prepare<[string], { password_hash: string }>('SELECT password_hash FROM credentials WHERE user_id = ?')
        .get(userId)
      return row?.password_hash ?? null
    },
    async setPasswordHash(userId, hash) {
      db.prepare(
        `INSERT INTO credentials (user_id, password_hash) VALUES (?, ?)
         ON CONFLICT (user_id) DO UPDATE SET password_hash = excluded.password_hash`,
      ).run(userId, hash)
    },
    async createResetToken(token) {
      db.prepare('INSERT INTO reset_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)').run(
        token.tokenHash,
        token.userId,
        iso(token.expiresAt),
      )
    },
    async consumeResetToken(tokenHash, now) {
      const at = iso(now)
      return db
        .transaction((): string | null => {
          const row = db
            .prepare<[string], { user_id: string; expires_at: string; used_at: string | null }>(
              'SELECT user_id, expires_at, used_at FROM reset_tokens WHERE token_hash = ?',
            )
            .get(tokenHash)
          if (!row || row.used_at !== null || row.expires_at <= at) return null
          db.prepare('UPDATE reset_tokens SET used_at = ? WHERE token_hash = ?').run(at, tokenHash)
          return row.user_id
        })
        .immediate()
    },
  }

  const carts: CartStore = {
    async get(userId) {
      const row = db
        .prepare<[string], { lines: string }>('SELECT lines FROM carts WHERE user_id = ?')
        .get(userId)
      return row ? (JSON.parse(row.lines) as CartLine[]) : []
    },
    async set(userId, lines) {
      const clean = lines.map(({ productId, quantity }) => ({ productId, quantity }))
      db.prepare(
        `INSERT INTO carts (user_id, lines, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET lines = excluded.lines, updated_at = excluded.updated_at`,
      ).run(userId, JSON.stringify(clean), new Date().toISOString())
    },
  }

  const liked: LikedStore = {
    async list(userId) {
      return db
        .prepare<[string], { product_id: string }>(
          'SELECT product_id FROM liked WHERE user_id = ? ORDER BY seq DESC',
        )
        .all(userId)
        .map((row) => row.product_id)
    },
    async add(userId, productIds) {
      const upsert = db.prepare(
        `INSERT INTO liked (user_id, product_id, seq)
         VALUES (@userId, @productId, (SELECT coalesce(max(seq), 0) + 1 FROM liked WHERE user_id = @userId))
         ON CONFLICT (user_id, product_id) DO UPDATE SET seq = excluded.seq`,
      )
      db.transaction(() => {
        // The list comes most recent first (as list() returns it), so the last one is liked first.
        for (const productId of [...new Set(productIds)].reverse()) upsert.run({ userId, productId })
      }).immediate()
    },
    async remove(userId, productId) {
      db.prepare('DELETE FROM liked WHERE user_id = ? AND product_id = ?').run(userId, productId)
    },
  }

  const selectOrder = db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE id = ?')
  const selectLines = db.prepare<[string], OrderLineRow>(
    'SELECT product_id, name, unit_price_cents, quantity, image_url FROM order_lines WHERE order_id = ? ORDER BY position',
  )
  const selectHistory = db.prepare<[string], HistoryRow>(
    'SELECT status, at, note FROM order_history WHERE order_id = ? ORDER BY position',
  )
  const insertHistory = db.prepare(
    `INSERT INTO order_history (order_id, position, status, at, note)
     VALUES (@orderId, (SELECT count(*) FROM order_history WHERE order_id = @orderId), @status, @at, @note)`,
  )
  const addStock = db.prepare('UPDATE products SET stock = stock + ?, updated_at = ? WHERE id = ?')

  const toOrder = (row: OrderRow): Order => ({
    id: row.id,
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    shippingAddress: JSON.parse(row.shipping_address) as Address,
    lines: selectLines.all(row.id).map(
      (line): OrderLine => ({
        productId: line.product_id,
        name: line.name,
        unitPriceCents: line.unit_price_cents,
        quantity: line.quantity,
        imageUrl: line.image_url,
      }),
    ),
    subtotalCents: row.subtotal_cents,
    shippingCents: row.shipping_cents,
    totalCents: row.total_cents,
    vatCents: row.vat_cents,
    status: row.status as OrderStatus,
    history: selectHistory.all(row.id).map(
      (h): OrderHistoryEntry => ({ status: h.status as OrderStatus, at: h.at, note: h.note }),
    ),
    pfPaymentId: row.pf_payment_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  })

  /** Runs inside a transaction; returns the products whose stock went back up. */
  const applyTransition = (
    row: OrderRow,
    to: OrderStatus,
    options: { now: string; note?: string; pfPaymentId?: string },
  ): string[] => {
    assertTransition(row.id, row.status as OrderStatus, to)
    db.prepare(
      'UPDATE orders SET status = ?, pf_payment_id = coalesce(?, pf_payment_id), updated_at = ? WHERE id = ?',
    ).run(to, options.pfPaymentId ?? null, options.now, row.id)
    insertHistory.run({ orderId: row.id, status: to, at: options.now, note: options.note ?? null })
    if (!releasesStock(to)) return []
    const lines = selectLines.all(row.id)
    for (const line of lines) addStock.run(line.quantity, options.now, line.product_id)
    return lines.map((line) => line.product_id)
  }

  const orders: OrderStore = {
    async place(draft, id, now) {
      const at = iso(now)
      const wanted = wantedPerProduct(draft)
      const placed = db
        .transaction((): Order => {
          const shortages: OutOfStockError['shortages'] = []
          for (const [productId, requested] of wanted) {
            const available = selectProduct.get(productId)?.stock ?? 0
            if (available < requested) shortages.push({ productId, requested, available })
          }
          if (shortages.length) throw new OutOfStockError(shortages)
          for (const [productId, requested] of wanted) addStock.run(-requested, at, productId)
          db.prepare(
            `INSERT INTO orders (id, user_id, email, first_name, last_name, phone, shipping_address,
               subtotal_cents, shipping_cents, total_cents, vat_cents, status, pf_payment_id, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending_payment', NULL, ?, ?)`,
          ).run(
            id,
            draft.userId,
            draft.email,
            draft.firstName,
            draft.lastName,
            draft.phone,
            JSON.stringify(draft.shippingAddress),
            draft.subtotalCents,
            draft.shippingCents,
            draft.totalCents,
            draft.vatCents,
            at,
            at,
          )
          const insertLine = db.prepare(
            `INSERT INTO order_lines (order_id, position, product_id, name, unit_price_cents, quantity, image_url)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
          )
          draft.lines.forEach((line, position) =>
            insertLine.run(id, position, line.productId, line.name, line.unitPriceCents, line.quantity, line.imageUrl),
          )
          insertHistory.run({ orderId: id, status: 'pending_payment', at, note: null })
          return toOrder(selectOrder.get(id)!)
        })
        .immediate()
      emitProducts(wanted.keys())
      return placed
    },
    async get(id) {
      const row = selectOrder.get(id)
      return row ? toOrder(row) : null
    },
    async listForUser(userId) {
      return db
        .prepare<[string], OrderRow>('SELECT * FROM orders WHERE user_id = ? ORDER BY created_at DESC, id')
        .all(userId)
        .map(toOrder)
    },
    async transition(id, to, options) {
      const opts = { ...options, now: iso(options.now) }
      let released: string[] = []
      const order = db
        .transaction((): Order => {
          const row = selectOrder.get(id)
          if (!row) throw new Error(`Unknown order ${id}`)
          released = applyTransition(row, to, opts)
          return toOrder(selectOrder.get(id)!)
        })
        .immediate()
      emitProducts(released)
      return order
    },
    async expirePending(olderThan, now) {
      const cutoff = iso(olderThan)
      const at = iso(now)
      const released: string[] = []
      const count = db
        .transaction((): number => {
          const stale = db
            .prepare<[string], OrderRow>(
              "SELECT * FROM orders WHERE status = 'pending_payment' AND created_at < ?",
            )
            .all(cutoff)
          for (const row of stale) released.push(...applyTransition(row, 'cancelled', { now: at, note: EXPIRED_NOTE }))
          return stale.length
        })
        .immediate()
      emitProducts(released)
      return count
    },
  }

  const messages: MessageStore = {
    async create(input, now) {
      const message = pickMessage(input, now)
      db.prepare(
        'INSERT INTO messages (id, name, email, subject, message, ip, created_at) VALUES (@id, @name, @email, @subject, @message, @ip, @createdAt)',
      ).run(message)
      return message
    },
    async list() {
      return db
        .prepare<[], ContactMessage>(
          'SELECT id, name, email, subject, message, ip, created_at AS createdAt FROM messages ORDER BY created_at DESC, id',
        )
        .all()
    },
  }

  const rateLimits: RateLimitStore = {
    async hit(key, limit, windowMs, now) {
      return db
        .transaction(() => {
          const row = db
            .prepare<[string], { window_start: number; count: number }>(
              'SELECT window_start, count FROM rate_limits WHERE key = ?',
            )
            .get(key)
          const fresh = !row || now >= row.window_start + windowMs
          const windowStart = fresh ? now : row.window_start
          const count = fresh ? 1 : row.count + 1
          db.prepare(
            `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)
             ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start, count = excluded.count`,
          ).run(key, windowStart, count)
          const allowed = count <= limit
          return { allowed, retryAfterMs: allowed ? 0 : windowStart + windowMs - now }
        })
        .immediate()
    },
    async reset(key) {
      db.prepare('DELETE FROM rate_limits WHERE key = ?').run(key)
    },
    async peek(key, windowMs, now) {
      const row = db
        .prepare<[string], { window_start: number; count: number }>(
          'SELECT window_start, count FROM rate_limits WHERE key = ?',
        )
        .get(key)
      return row && now < row.window_start + windowMs ? row.count : 0
    },
  }

  return {
    products,
    reviews,
    users,
    credentials,
    carts,
    liked,
    orders,
    messages,
    rateLimits,
    async close() {
      emitter.clear()
      if (db.open) db.close()
    },
  }
}

function isUniqueViolation(error: unknown, column: string): boolean {
  return (
    error instanceof Error &&
    (error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    error.message.includes(column)
  )
}
