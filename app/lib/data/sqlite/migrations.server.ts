/**
 * Numbered schema migrations, applied in order at start-up; `PRAGMA user_version` records the last
 * one applied. Never edit a migration that has shipped: add the next number.
 *
 * Products keep the columns that queries and stock checks need as real columns (price, stock, rank,
 * rating count/sum for sorting) and the rest as JSON, since the catalogue reads whole products.
 * Variants (product options) are rows of their own, so stock is reserved per variant with a CHECK
 * that it never goes below zero; the product's price and stock columns hold their summary.
 */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE products (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        category TEXT NOT NULL,
        category_name TEXT NOT NULL,
        tags TEXT NOT NULL,
        price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
        compare_at_cents INTEGER,
        stock INTEGER NOT NULL CHECK (stock >= 0),
        images TEXT NOT NULL,
        featured_rank INTEGER,
        rating_count INTEGER NOT NULL DEFAULT 0,
        rating_sum INTEGER NOT NULL DEFAULT 0,
        rating_distribution TEXT NOT NULL DEFAULT '[0,0,0,0,0]',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX products_category ON products (category);

      CREATE TABLE reviews (
        id TEXT PRIMARY KEY,
        product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        user_id TEXT NOT NULL,
        author_name TEXT NOT NULL,
        rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (product_id, user_id)
      );
      CREATE INDEX reviews_product_updated ON reviews (product_id, updated_at);

      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        -- lower-cased in JavaScript: SQLite's NOCASE folds ASCII only
        email_key TEXT NOT NULL UNIQUE,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        phone TEXT,
        address TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE credentials (
        user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        password_hash TEXT NOT NULL
      );

      CREATE TABLE reset_tokens (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );

      CREATE TABLE carts (
        user_id TEXT PRIMARY KEY,
        lines TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE liked (
        user_id TEXT NOT NULL,
        product_id TEXT NOT NULL,
        -- ordering key: larger is more recent; a counter, since several likes can share a millisecond
        seq INTEGER NOT NULL,
        PRIMARY KEY (user_id, product_id)
      );
      CREATE INDEX liked_user_seq ON liked (user_id, seq);

      CREATE TABLE orders (
        id TEXT PRIMARY KEY,
        user_id TEXT,
        email TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        phone TEXT NOT NULL,
        shipping_address TEXT NOT NULL,
        subtotal_cents INTEGER NOT NULL,
        shipping_cents INTEGER NOT NULL,
        total_cents INTEGER NOT NULL,
        vat_cents INTEGER NOT NULL,
        status TEXT NOT NULL,
        pf_payment_id TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX orders_user_created ON orders (user_id, created_at);
      CREATE INDEX orders_status_created ON orders (status, created_at);

      CREATE TABLE order_lines (
        order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        product_id TEXT NOT NULL,
        name TEXT NOT NULL,
        unit_price_cents INTEGER NOT NULL,
        quantity INTEGER NOT NULL CHECK (quantity > 0),
        image_url TEXT,
        PRIMARY KEY (order_id, position)
      );

      CREATE TABLE order_history (
        order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        status TEXT NOT NULL,
        at TEXT NOT NULL,
        note TEXT,
        PRIMARY KEY (order_id, position)
      );

      CREATE TABLE messages (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        subject TEXT NOT NULL,
        message TEXT NOT NULL,
        ip TEXT NOT NULL,
        created_at TEXT NOT NULL
      );

      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        window_start INTEGER NOT NULL,
        count INTEGER NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'sessions, and one reset token per user',
    sql: `
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        user_agent TEXT NOT NULL,
        token TEXT,
        others_revoked_at TEXT
      );
      CREATE INDEX sessions_user ON sessions (user_id);

      CREATE INDEX reset_tokens_user ON reset_tokens (user_id);
    `,
  },
  {
    version: 3,
    name: 'orders: refund flag for late payments, one order per checkout key',
    sql: `
      ALTER TABLE orders ADD COLUMN refund_needed INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX orders_refund_needed ON orders (created_at) WHERE refund_needed = 1;
      ALTER TABLE orders ADD COLUMN checkout_key TEXT;
      CREATE UNIQUE INDEX orders_checkout_key ON orders (checkout_key);
    `,
  },
  {
    version: 4,
    name: 'product options: every product sold through its variants, order lines name theirs',
    sql: `
      ALTER TABLE products ADD COLUMN options TEXT NOT NULL DEFAULT '[]';
      CREATE TABLE product_variants (
        id TEXT PRIMARY KEY,
        product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        option_values TEXT NOT NULL,
        price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
        compare_at_cents INTEGER,
        stock INTEGER NOT NULL CHECK (stock >= 0),
        image TEXT
      );
      CREATE INDEX product_variants_product ON product_variants (product_id, position);
      -- Every existing product becomes a product without options: one variant, id = product id.
      INSERT INTO product_variants (id, product_id, position, option_values, price_cents,
          compare_at_cents, stock, image)
        SELECT id, id, 0, '[]', price_cents, compare_at_cents, stock, NULL FROM products;

      ALTER TABLE order_lines ADD COLUMN variant_id TEXT;
      ALTER TABLE order_lines ADD COLUMN options TEXT NOT NULL DEFAULT '[]';
      UPDATE order_lines SET variant_id = product_id;
    `,
  },
  {
    version: 5,
    name: 'back office: staff role, who moved an order and its shipment, order search by email, handled messages',
    sql: `
      ALTER TABLE users ADD COLUMN staff INTEGER NOT NULL DEFAULT 0;

      -- Existing history entries were made by the shop or PayFast: nobody on the staff.
      ALTER TABLE order_history ADD COLUMN made_by TEXT;
      -- JSON {courier, trackingNumber}, set when the order is shipped.
      ALTER TABLE orders ADD COLUMN shipment TEXT;
      -- The back office finds orders by email in any case. New rows are lower-cased in JavaScript;
      -- SQLite's lower() folds ASCII only, which is what existing addresses hold.
      ALTER TABLE orders ADD COLUMN email_key TEXT NOT NULL DEFAULT '';
      UPDATE orders SET email_key = lower(trim(email));
      CREATE INDEX orders_email_key ON orders (email_key, created_at);
      CREATE INDEX orders_created ON orders (created_at);

      ALTER TABLE messages ADD COLUMN handled_at TEXT;
      ALTER TABLE messages ADD COLUMN handled_by TEXT;
      CREATE INDEX messages_created ON messages (created_at);
      CREATE INDEX messages_unhandled ON messages (created_at) WHERE handled_at IS NULL;
    `,
  },
  {
    version: 6,
    name: 'back office: products on or off sale, hidden reviews, the product change log',
    sql: `
      -- Every existing product stays on sale and every existing review shown.
      ALTER TABLE products ADD COLUMN active INTEGER NOT NULL DEFAULT 1;
      CREATE INDEX products_name ON products (name);
      ALTER TABLE reviews ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX reviews_updated ON reviews (updated_at);
      -- Units held by unpaid orders are summed per product when staff save its stock.
      CREATE INDEX order_lines_product ON order_lines (product_id);

      -- The audit trail of back-office changes; id orders a product's entries oldest first.
      CREATE TABLE product_log (
        id INTEGER PRIMARY KEY,
        product_id TEXT NOT NULL,
        at TEXT NOT NULL,
        made_by TEXT NOT NULL,
        change TEXT NOT NULL
      );
      CREATE INDEX product_log_product ON product_log (product_id, id);
    `,
  },
  {
    version: 7,
    name: 'outbox: mail written with its event, claimed by one sender at a time',
    sql: `
      CREATE TABLE outbox (
        key TEXT PRIMARY KEY,
        to_address TEXT NOT NULL,
        reply_to TEXT,
        subject TEXT NOT NULL,
        text TEXT NOT NULL,
        html TEXT NOT NULL,
        order_id TEXT,
        status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        due_at TEXT NOT NULL,
        last_error TEXT,
        sent_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX outbox_due ON outbox (due_at) WHERE status IN ('pending', 'sending');
      CREATE INDEX outbox_order ON outbox (order_id, created_at);
      CREATE INDEX outbox_status ON outbox (status, created_at);
      CREATE INDEX outbox_created ON outbox (created_at);
    `,
  },
  {
    version: 8,
    name: 'content: the last good copy of each published story and listing, kept through restarts',
    sql: `
      CREATE TABLE content_copies (
        key TEXT PRIMARY KEY,
        json TEXT NOT NULL,
        fetched_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 9,
    name: 'address book: several delivery addresses per customer, one of them the default',
    sql: `
      -- seq orders a customer's addresses by when they were added (never reused).
      CREATE TABLE addresses (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL,
        label TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        phone TEXT NOT NULL,
        line1 TEXT NOT NULL,
        line2 TEXT,
        suburb TEXT NOT NULL,
        city TEXT NOT NULL,
        province TEXT NOT NULL,
        postal_code TEXT NOT NULL,
        is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX addresses_user ON addresses (user_id, seq);
      -- At most one default per customer, whatever a transaction gets wrong.
      CREATE UNIQUE INDEX addresses_one_default ON addresses (user_id) WHERE is_default = 1;

      -- Customers whose book has started: the single address of before (users.address) is copied
      -- in by the first read or write of the book, once, so removing it later does not bring it back.
      CREATE TABLE address_books (
        user_id TEXT PRIMARY KEY,
        started_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 10,
    name: 'shipping: table rates and the collection point as one settings row; variant weights and sizes',
    sql: `
      -- Whole grams and centimetres; NULL: unknown (the shop's default weight stands in).
      ALTER TABLE product_variants ADD COLUMN weight_grams INTEGER CHECK (weight_grams >= 0);
      ALTER TABLE product_variants ADD COLUMN length_cm INTEGER CHECK (length_cm > 0);
      ALTER TABLE product_variants ADD COLUMN width_cm INTEGER CHECK (width_cm > 0);
      ALTER TABLE product_variants ADD COLUMN height_cm INTEGER CHECK (height_cm > 0);

      -- One row (id 1): the zones, default weight and collection point as JSON, saved whole. No
      -- row: the seeded defaults (app/lib/shipping/default-zones.ts).
      CREATE TABLE shipping_settings (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        settings TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        updated_by TEXT NOT NULL
      );
    `,
  },
  {
    version: 11,
    name: 'orders: the delivery method chosen at checkout',
    sql: `
      -- JSON OrderShipping; NULL on orders placed before shipping methods (standard delivery).
      ALTER TABLE orders ADD COLUMN shipping TEXT;
    `,
  },
  {
    version: 12,
    name: 'orders to Bob Go: the sync state, the shipments Bob Go reports, webhook events seen once',
    sql: `
      -- JSON TrackedShipment[] as Bob Go last reported them.
      ALTER TABLE orders ADD COLUMN shipments TEXT NOT NULL DEFAULT '[]';
      -- NULL: Bob Go does not handle the order. Otherwise pending (claimed by pushing bobgo_due_at
      -- forward: a lease), synced (bobgo_order_id set) or failed for good.
      ALTER TABLE orders ADD COLUMN bobgo_state TEXT
        CHECK (bobgo_state IN ('pending', 'synced', 'failed'));
      ALTER TABLE orders ADD COLUMN bobgo_order_id TEXT;
      ALTER TABLE orders ADD COLUMN bobgo_attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN bobgo_last_error TEXT;
      ALTER TABLE orders ADD COLUMN bobgo_due_at TEXT;
      CREATE INDEX orders_bobgo_due ON orders (bobgo_due_at) WHERE bobgo_state = 'pending';
      CREATE INDEX orders_bobgo_synced ON orders (id) WHERE bobgo_state = 'synced';
      CREATE UNIQUE INDEX orders_bobgo_order_id ON orders (bobgo_order_id)
        WHERE bobgo_order_id IS NOT NULL;

      -- Each Bob Go webhook event (its event_id) is acted on once.
      CREATE TABLE bobgo_webhook_events (
        event_id TEXT PRIMARY KEY,
        topic TEXT NOT NULL,
        received_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 13,
    name: 'promotions: discounts and their uses, gift cards, store credit, what an order claimed',
    sql: `
      -- A code stored upper-case (NULL for an automatic offer); its uses are the rows of
      -- discount_uses still held, so the counts are read, never kept in step by hand.
      CREATE TABLE discounts (
        id TEXT PRIMARY KEY,
        code TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('percent', 'amount', 'free_shipping')),
        value INTEGER NOT NULL CHECK (value >= 0),
        min_spend_cents INTEGER CHECK (min_spend_cents >= 0),
        -- JSON DiscountScope
        scope TEXT NOT NULL,
        starts_at TEXT,
        ends_at TEXT,
        usage_limit INTEGER CHECK (usage_limit >= 1),
        per_customer_limit INTEGER CHECK (per_customer_limit >= 1),
        automatic INTEGER NOT NULL CHECK (automatic IN (0, 1)),
        active INTEGER NOT NULL CHECK (active IN (0, 1)),
        created_at TEXT NOT NULL,
        created_by TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        updated_by TEXT NOT NULL
      );
      CREATE UNIQUE INDEX discounts_code ON discounts (code) WHERE code IS NOT NULL;
      CREATE INDEX discounts_created ON discounts (created_at);

      -- One row per order claiming a discount: claimed when placed, released_at set when the
      -- order expires, is cancelled or fails. email_key is the order's email, lower-cased.
      CREATE TABLE discount_uses (
        discount_id TEXT NOT NULL REFERENCES discounts (id),
        order_id TEXT NOT NULL,
        user_id TEXT,
        email TEXT NOT NULL,
        email_key TEXT NOT NULL,
        amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
        claimed_at TEXT NOT NULL,
        released_at TEXT,
        PRIMARY KEY (discount_id, order_id)
      );
      CREATE INDEX discount_uses_order ON discount_uses (order_id);
      CREATE INDEX discount_uses_claimed ON discount_uses (discount_id, claimed_at);
      CREATE INDEX discount_uses_user ON discount_uses (discount_id, user_id)
        WHERE released_at IS NULL;
      CREATE INDEX discount_uses_email ON discount_uses (discount_id, email_key)
        WHERE released_at IS NULL;

      -- held_cents is the part of the balance unpaid orders hold: the CHECKs keep both in range
      -- whatever a transaction gets wrong.
      CREATE TABLE gift_cards (
        id TEXT PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        initial_cents INTEGER NOT NULL CHECK (initial_cents > 0),
        balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0),
        held_cents INTEGER NOT NULL DEFAULT 0
          CHECK (held_cents >= 0 AND held_cents <= balance_cents),
        issued_to TEXT,
        message TEXT,
        note TEXT,
        order_id TEXT,
        issued_by TEXT,
        active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX gift_cards_created ON gift_cards (created_at);

      -- A balance's history; id orders it oldest first.
      CREATE TABLE gift_card_entries (
        id INTEGER PRIMARY KEY,
        gift_card_id TEXT NOT NULL REFERENCES gift_cards (id),
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        amount_cents INTEGER NOT NULL,
        order_id TEXT,
        made_by TEXT,
        note TEXT
      );
      CREATE INDEX gift_card_entries_card ON gift_card_entries (gift_card_id, id);

      CREATE TABLE store_credits (
        user_id TEXT PRIMARY KEY,
        balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0),
        held_cents INTEGER NOT NULL DEFAULT 0
          CHECK (held_cents >= 0 AND held_cents <= balance_cents),
        updated_at TEXT NOT NULL
      );
      CREATE TABLE store_credit_entries (
        id INTEGER PRIMARY KEY,
        user_id TEXT NOT NULL,
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        amount_cents INTEGER NOT NULL,
        order_id TEXT,
        made_by TEXT,
        note TEXT
      );
      CREATE INDEX store_credit_entries_user ON store_credit_entries (user_id, id);

      -- What an order applied when placed: JSON AppliedDiscount[] (a snapshot) and
      -- OrderGiftCard[], and the store credit it pays with. Orders placed before: none.
      ALTER TABLE orders ADD COLUMN discounts TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE orders ADD COLUMN gift_cards TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE orders ADD COLUMN store_credit_cents INTEGER NOT NULL DEFAULT 0
        CHECK (store_credit_cents >= 0);
    `,
  },
  {
    version: 14,
    name: 'tax invoices',
    sql: `
      -- Gap-free document counters by name ('invoice', 'credit_note'): advanced in the transaction
      -- that issues the document (sequences.server.ts), so numbers are never skipped nor repeated.
      CREATE TABLE sequences (
        name TEXT PRIMARY KEY,
        value INTEGER NOT NULL CHECK (value > 0)
      );
      -- The order's tax invoice, JSON { number, issuedAt }, set by the pay move. Orders paid
      -- before: none.
      ALTER TABLE orders ADD COLUMN invoice TEXT;
    `,
  },
  {
    version: 15,
    name: 'order refunds',
    sql: `
      -- Money paid back: JSON OrderRefund[] (app/lib/orders/refunds.ts), written whole by each
      -- refund in its transaction. Orders placed before: none.
      ALTER TABLE orders ADD COLUMN refunds TEXT NOT NULL DEFAULT '[]';
    `,
  },
  {
    version: 16,
    name: 'order returns',
    sql: `
      -- The buyer's returns, each with its lines, state and history: JSON OrderReturn[]
      -- (app/lib/orders/returns.ts), written whole by each return move. Orders placed before: none.
      ALTER TABLE orders ADD COLUMN returns TEXT NOT NULL DEFAULT '[]';
    `,
  },
  {
    version: 17,
    name: 'shop details and the buyer VAT number',
    sql: `
      -- The shop's legal details saved at /admin/settings: one row (id 1), JSON ShopDetails.
      CREATE TABLE shop_details (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        details TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        updated_by TEXT NOT NULL
      );
      -- The buyer's VAT number given at checkout (for a full tax invoice). Orders placed before: none.
      ALTER TABLE orders ADD COLUMN buyer_vat_number TEXT;
    `,
  },
  {
    version: 18,
    name: 'marketing consent and mail headers',
    sql: `
      -- Consent to marketing mail by lower-cased email: every change, oldest first by id.
      CREATE TABLE consents (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL,
        user_id TEXT,
        opt_in INTEGER NOT NULL CHECK (opt_in IN (0, 1)),
        source TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE INDEX consents_email ON consents (email, id);

      -- A mail's extra headers (List-Unsubscribe on marketing mail): a JSON object, or null.
      ALTER TABLE outbox ADD COLUMN headers TEXT;
    `,
  },
  {
    version: 19,
    name: 'stock alerts',
    sql: `
      -- "Email me when it's back": one request per email (lower-cased) and variant. due_at is null
      -- while the variant is sold out, then when the mail is due, or until when a job holds it.
      CREATE TABLE stock_alerts (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        user_id TEXT,
        product_id TEXT NOT NULL,
        variant_id TEXT NOT NULL,
        requested_at TEXT NOT NULL,
        due_at TEXT,
        UNIQUE (email, variant_id)
      );
      CREATE INDEX stock_alerts_variant ON stock_alerts (variant_id, due_at);
      CREATE INDEX stock_alerts_due ON stock_alerts (due_at) WHERE due_at IS NOT NULL;
    `,
  },
  {
    version: 20,
    name: 'privacy requests',
    sql: `
      -- Each POPIA request (a data export, an account deletion), kept after the account is gone.
      CREATE TABLE privacy_requests (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        email TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('export', 'delete')),
        at TEXT NOT NULL
      );
      CREATE INDEX privacy_requests_user ON privacy_requests (user_id, at);
      CREATE INDEX privacy_requests_at ON privacy_requests (at);
      -- A customer's data export lists the mail written to them and the messages they sent.
      CREATE INDEX outbox_to ON outbox (lower(to_address), created_at);
      CREATE INDEX messages_email ON messages (lower(email), created_at);
    `,
  },
  {
    version: 21,
    name: 'customers newest first',
    sql: `
      -- The back office's customer list (/admin/customers) pages through users newest first.
      CREATE INDEX users_newest ON users (created_at DESC, id DESC);
    `,
  },
  {
    version: 22,
    name: 'reports: orders by invoice time, credit notes by issue time',
    sql: `
      -- Reports and exports walk a period (docs/decisions/033): an order counts when its invoice
      -- was issued (the pay move's time), kept as a column beside the JSON to be indexed.
      ALTER TABLE orders ADD COLUMN invoiced_at TEXT;
      UPDATE orders SET invoiced_at = json_extract(invoice, '$.issuedAt') WHERE invoice IS NOT NULL;
      CREATE INDEX orders_invoiced ON orders (invoiced_at, id) WHERE invoiced_at IS NOT NULL;
      CREATE INDEX orders_email_invoiced ON orders (email_key, invoiced_at)
        WHERE invoiced_at IS NOT NULL;
      -- Each credit note (inside its order's refunds JSON) found by when it was issued: written in
      -- the refund's transaction; those issued before are copied from the orders here.
      CREATE TABLE credit_notes (
        number TEXT PRIMARY KEY,
        order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        refund_id TEXT NOT NULL,
        issued_at TEXT NOT NULL
      );
      CREATE INDEX credit_notes_issued ON credit_notes (issued_at, number);
      INSERT INTO credit_notes (number, order_id, refund_id, issued_at)
        SELECT json_extract(refund.value, '$.creditNote.number'), orders.id,
          json_extract(refund.value, '$.id'), json_extract(refund.value, '$.creditNote.issuedAt')
        FROM orders, json_each(orders.refunds) AS refund
        WHERE json_extract(refund.value, '$.creditNote.number') IS NOT NULL;
    `,
  },
]
