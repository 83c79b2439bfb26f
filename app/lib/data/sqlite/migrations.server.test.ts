import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'

import { migrate } from './database.server'
import { MIGRATIONS } from './migrations.server'
import { createSqliteStore } from './store.server'
import { defaultShippingSettings } from '~/lib/shipping/default-zones'
import { orderMoves } from '~/lib/orders/orders.test-helper'

describe('migration 4: product options', () => {
  it('turns every existing product into a product with one variant, and keeps old orders readable', async () => {
    const db = new Database(':memory:')
    db.pragma('foreign_keys = ON')
    for (const migration of MIGRATIONS.filter((m) => m.version < 4)) {
      db.exec(migration.sql)
      db.pragma(`user_version = ${migration.version}`)
    }
    db.prepare(
      `INSERT INTO products (id, name, description, category, category_name, tags, price_cents,
         compare_at_cents, stock, images, featured_rank, created_at, updated_at)
       VALUES ('biltong', 'Biltong', 'Dried beef', 'pantry', 'Pantry', '[]', 9900, 12000, 7, '[]',
         NULL, '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`,
    ).run()
    db.prepare(
      `INSERT INTO orders (id, user_id, email, first_name, last_name, phone, shipping_address,
         subtotal_cents, shipping_cents, total_cents, vat_cents, status, created_at, updated_at)
       VALUES ('OLDORDER001', NULL, 'a@b.co.za', 'A', 'B', '082 123 4567', '{}', 9900, 9900, 19800,
         2583, 'pending_payment', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`,
    ).run()
    db.prepare(
      `INSERT INTO order_lines (order_id, position, product_id, name, unit_price_cents, quantity, image_url)
       VALUES ('OLDORDER001', 0, 'biltong', 'Biltong', 9900, 2, NULL)`,
    ).run()

    migrate(db)
    const store = createSqliteStore(db, { now: () => new Date('2025-02-01T00:00:00.000Z') })

    expect(await store.products.get('biltong')).toMatchObject({
      priceCents: 9900,
      compareAtCents: 12000,
      stock: 7,
      options: [],
      variants: [
        {
          id: 'biltong',
          optionValues: [],
          priceCents: 9900,
          compareAtCents: 12000,
          stock: 7,
          image: null,
        },
      ],
    })
    expect((await store.orders.get('OLDORDER001'))?.lines).toEqual([
      {
        productId: 'biltong',
        variantId: 'biltong',
        options: [],
        name: 'Biltong',
        unitPriceCents: 9900,
        quantity: 2,
        imageUrl: null,
      },
    ])
    // The old order's units go back to the product's one variant.
    await orderMoves(store.orders).transition('OLDORDER001', 'cancelled')
    expect((await store.products.get('biltong'))?.stock).toBe(9)
    await store.close()
  })
})

describe('migration 5: back office', () => {
  it('reads users, orders and messages stored before it as customers, unshipped, moved by nobody and unhandled', async () => {
    const db = new Database(':memory:')
    db.pragma('foreign_keys = ON')
    for (const migration of MIGRATIONS.filter((m) => m.version < 5)) {
      db.exec(migration.sql)
      db.pragma(`user_version = ${migration.version}`)
    }
    const then = '2025-01-01T00:00:00.000Z'
    db.prepare(
      `INSERT INTO users (id, email, email_key, first_name, last_name, created_at, updated_at)
       VALUES ('u1', 'Old@Example.co.za', 'old@example.co.za', 'Old', 'Customer', ?, ?)`,
    ).run(then, then)
    db.prepare(
      `INSERT INTO orders (id, user_id, email, first_name, last_name, phone, shipping_address,
         subtotal_cents, shipping_cents, total_cents, vat_cents, status, created_at, updated_at)
       VALUES ('OLDORDER001', NULL, ' Old@Example.co.za', 'A', 'B', '082 123 4567', '{}', 9900,
         9900, 19800, 2583, 'paid', ?, ?)`,
    ).run(then, then)
    db.prepare(
      `INSERT INTO order_lines (order_id, position, product_id, variant_id, name, unit_price_cents, quantity)
       VALUES ('OLDORDER001', 0, 'biltong', 'biltong', 'Biltong', 9900, 2)`,
    ).run()
    db.prepare(
      `INSERT INTO order_history (order_id, position, status, at, note)
       VALUES ('OLDORDER001', 0, 'pending_payment', ?, NULL), ('OLDORDER001', 1, 'paid', ?, 'ITN')`,
    ).run(then, then)
    db.prepare(
      `INSERT INTO messages (id, name, email, subject, message, ip, created_at)
       VALUES ('m1', 'Old', 'old@example.co.za', 'Hello', 'Still there?', '127.0.0.1', ?)`,
    ).run(then)

    migrate(db)
    const store = createSqliteStore(db, { now: () => new Date('2025-02-01T00:00:00.000Z') })

    expect((await store.users.get('u1'))?.staff).toBe(false)
    const order = await store.orders.get('OLDORDER001')
    expect(order).toMatchObject({ shipment: null, refundNeeded: false })
    expect(order?.history).toEqual([
      { status: 'pending_payment', at: then, note: null, by: null },
      { status: 'paid', at: then, note: 'ITN', by: null },
    ])
    expect(
      (await store.orders.list({ offset: 0, limit: 5, q: 'OLD@example.co.za' })).items.map(
        (o) => o.id,
      ),
    ).toEqual(['OLDORDER001'])
    expect(await store.messages.list()).toMatchObject([
      { id: 'm1', handledAt: null, handledBy: null },
    ])
    expect(await store.messages.countUnhandled()).toBe(1)
    await store.close()
  })
})

describe('migration 10: weights and shipping settings', () => {
  it('reads variants stored before it as weighing nothing known, and the seeded shipping settings', async () => {
    const db = new Database(':memory:')
    db.pragma('foreign_keys = ON')
    for (const migration of MIGRATIONS.filter((m) => m.version < 10)) {
      db.exec(migration.sql)
      db.pragma(`user_version = ${migration.version}`)
    }
    db.prepare(
      `INSERT INTO products (id, name, description, category, category_name, tags, price_cents,
         compare_at_cents, stock, images, featured_rank, created_at, updated_at)
       VALUES ('rusks', 'Rusks', 'Buttermilk', 'pantry', 'Pantry', '[]', 8900, NULL, 4, '[]',
         NULL, '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`,
    ).run()
    db.prepare(
      `INSERT INTO product_variants (id, product_id, position, option_values, price_cents,
         compare_at_cents, stock, image)
       VALUES ('rusks', 'rusks', 0, '[]', 8900, NULL, 4, NULL)`,
    ).run()

    migrate(db)
    const store = createSqliteStore(db, { now: () => new Date('2025-02-01T00:00:00.000Z') })
    const [variant] = (await store.products.get('rusks'))!.variants
    expect(variant).toEqual({
      id: 'rusks',
      optionValues: [],
      priceCents: 8900,
      compareAtCents: null,
      stock: 4,
      image: null,
      weightGrams: null,
    })
    expect(await store.shipping.get()).toEqual(defaultShippingSettings())
    // The new columns refuse what no variant weighs.
    expect(() =>
      db.prepare(`UPDATE product_variants SET weight_grams = -1 WHERE id = 'rusks'`).run(),
    ).toThrow(/CHECK constraint failed/)
    await store.close()
  })
})

describe('migration 11: the delivery method on the order', () => {
  it('reads orders placed before it as standard delivery (no method), at the price they paid', async () => {
    const db = new Database(':memory:')
    db.pragma('foreign_keys = ON')
    for (const migration of MIGRATIONS.filter((m) => m.version < 11)) {
      db.exec(migration.sql)
      db.pragma(`user_version = ${migration.version}`)
    }
    const then = '2025-01-01T00:00:00.000Z'
    db.prepare(
      `INSERT INTO orders (id, user_id, email, email_key, first_name, last_name, phone,
         shipping_address, subtotal_cents, shipping_cents, total_cents, vat_cents, status,
         created_at, updated_at)
       VALUES ('OLDORDER011', NULL, 'a@b.co.za', 'a@b.co.za', 'A', 'B', '082 123 4567', '{}',
         9900, 9900, 19800, 2583, 'paid', ?, ?)`,
    ).run(then, then)

    migrate(db)
    const store = createSqliteStore(db, { now: () => new Date('2025-02-01T00:00:00.000Z') })
    expect(await store.orders.get('OLDORDER011')).toMatchObject({
      shipping: null,
      shippingCents: 9900,
      totalCents: 19800,
    })
    await store.close()
  })
})

describe('migration 13: promotions', () => {
  it('reads orders placed before it as applying no discount, card or credit, and settles them as before', async () => {
    const db = new Database(':memory:')
    db.pragma('foreign_keys = ON')
    for (const migration of MIGRATIONS.filter((m) => m.version < 13)) {
      db.exec(migration.sql)
      db.pragma(`user_version = ${migration.version}`)
    }
    const then = '2025-01-01T00:00:00.000Z'
    db.prepare(
      `INSERT INTO products (id, name, description, category, category_name, tags, price_cents,
         compare_at_cents, stock, images, featured_rank, created_at, updated_at)
       VALUES ('rusks', 'Rusks', 'Buttermilk', 'pantry', 'Pantry', '[]', 8900, NULL, 4, '[]',
         NULL, ?, ?)`,
    ).run(then, then)
    db.prepare(
      `INSERT INTO product_variants (id, product_id, position, option_values, price_cents,
         compare_at_cents, stock, image)
       VALUES ('rusks', 'rusks', 0, '[]', 8900, NULL, 4, NULL)`,
    ).run()
    for (const id of ['OLDORDER013', 'OLDORDER014']) {
      db.prepare(
        `INSERT INTO orders (id, user_id, email, email_key, first_name, last_name, phone,
           shipping_address, subtotal_cents, shipping_cents, total_cents, vat_cents, status,
           created_at, updated_at)
         VALUES (?, 'u1', 'a@b.co.za', 'a@b.co.za', 'A', 'B', '082 123 4567', '{}',
           8900, 9900, 18800, 2452, 'pending_payment', ?, ?)`,
      ).run(id, then, then)
      db.prepare(
        `INSERT INTO order_lines (order_id, position, product_id, variant_id, name,
           unit_price_cents, quantity)
         VALUES (?, 0, 'rusks', 'rusks', 'Rusks', 8900, 1)`,
      ).run(id)
    }

    migrate(db)
    const store = createSqliteStore(db, { now: () => new Date('2025-02-01T00:00:00.000Z') })
    expect(await store.orders.get('OLDORDER013')).toMatchObject({
      discounts: [],
      giftCards: [],
      storeCreditCents: 0,
      totalCents: 18800,
      // Migration 16: orders placed before returns have none.
      returns: [],
      // Migration 14: no invoice before it is paid.
      invoice: null,
    })
    // Paying or cancelling one spends and gives back nothing but what it always did.
    await orderMoves(store.orders).transition('OLDORDER013', 'paid', { pfPaymentId: '1' })
    await orderMoves(store.orders).transition('OLDORDER014', 'cancelled')
    // Paid after migration 14: its invoice is the first number.
    expect((await store.orders.get('OLDORDER013'))?.invoice?.number).toBe('INV-000001')
    expect((await store.products.get('rusks'))?.stock).toBe(5)
    expect(await store.discounts.list({ offset: 0, limit: 5 })).toEqual({ items: [], total: 0 })
    expect(await store.storeCredit.get('u1')).toMatchObject({ balanceCents: 0, heldCents: 0 })
    // The new tables refuse a balance below zero or a hold above it.
    expect(() =>
      db
        .prepare(
          `INSERT INTO store_credits (user_id, balance_cents, held_cents, updated_at)
           VALUES ('u1', 100, 101, ?)`,
        )
        .run(then),
    ).toThrow(/CHECK constraint failed/)
    await store.close()
  })
})
