import type { Session } from '@remix-run/node'

import type { Store } from '~/lib/data/index.server'
import type { CartLine, OptionValue, Order, Product, ProductImage } from '~/lib/data/types'
import { findVariant, nameWithOptions, optionValuesOf, shippingFacts } from '~/lib/data/variants'
import { restorePromotions } from '~/lib/promotions/applied-code.server'
import { contextOf, type RequestContext } from '~/lib/request-context.server'

import {
  cartLineKey,
  cartTotals,
  cleanCartLines,
  maxQuantityFor,
  mergeCartLines,
  quantityProblem,
  type Totals,
} from './rules'

/**
 * Where carts live: a visitor's in the session cookie (bounded by MAX_CART_LINES), a customer's in
 * the CartStore. The price a shopper saw when adding a product is kept in the session for both,
 * so the cart can point out a price that changed since.
 */

const CART_KEY = 'cart'
const SEEN_KEY = 'cartSeen'

/** Whose cart: the session (a visitor's cart lives in it), the signed-in user, the store. */
export type CartOwner = { session: Session; userId: string | null; store: Store }

/** The cart's owner for a request (or for its context, already read). */
export async function cartOwner(from: Request | RequestContext): Promise<CartOwner> {
  const context = await contextOf(from)
  return { session: context.session, userId: await context.userId(), store: context.store }
}

function visitorCartLines(session: Session): CartLine[] {
  return cleanCartLines(session.get(CART_KEY))
}

export async function readCartLines(owner: CartOwner): Promise<CartLine[]> {
  if (!owner.userId) return visitorCartLines(owner.session)
  return cleanCartLines(await owner.store.carts.get(owner.userId))
}

/** Saves the lines; for a visitor the caller must commit the session. */
export async function writeCartLines(owner: CartOwner, lines: readonly CartLine[]) {
  const clean = cleanCartLines(lines)
  if (owner.userId) {
    await owner.store.carts.set(owner.userId, clean)
  } else if (clean.length) {
    owner.session.set(CART_KEY, clean)
  } else {
    owner.session.unset(CART_KEY)
  }
  // Seen prices of variants no longer in the cart are forgotten.
  const seen = seenPrices(owner.session)
  const kept = Object.fromEntries(
    clean.flatMap((l) =>
      seen[cartLineKey(l)] !== undefined ? [[cartLineKey(l), seen[cartLineKey(l)]]] : [],
    ),
  )
  if (Object.keys(kept).length) owner.session.set(SEEN_KEY, kept)
  else owner.session.unset(SEEN_KEY)
}

function seenPrices(session: Session): Record<string, number> {
  const raw: unknown = session.get(SEEN_KEY)
  if (typeof raw !== 'object' || raw === null) return {}
  const out: Record<string, number> = {}
  for (const [id, cents] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof cents === 'number' && Number.isSafeInteger(cents) && cents >= 0) out[id] = cents
  }
  return out
}

/** Records the price the shopper saw for a cart line's variant (on add and on update). */
export function rememberSeenPrice(session: Session, lineKey: string, cents: number) {
  session.set(SEEN_KEY, { ...seenPrices(session), [lineKey]: cents })
}

/** Empties the cart (after an order is placed); the caller commits the session. */
export async function clearCart(owner: CartOwner) {
  await writeCartLines(owner, [])
}

/** Items in the cart (sum of quantities), for the header's badge. */
export async function cartCount(from: Request | RequestContext): Promise<number> {
  const lines = await readCartLines(await cartOwner(from))
  return lines.reduce((sum, line) => sum + line.quantity, 0)
}

/**
 * On sign-in or sign-up: the visitor's cart (in `session`, the visitor's session as read from the
 * request) joins the customer's stored cart: quantities of one product are added, then clamped to
 * 10 and to stock. The visitor's lines are removed from `session`. Returns the merged cart.
 */
export async function mergeVisitorCart(
  session: Session,
  userId: string,
  s: Store,
): Promise<CartLine[]> {
  const visitor = visitorCartLines(session)
  const customer = cleanCartLines(await s.carts.get(userId))
  if (!visitor.length) return customer
  const products = await s.products.getMany([
    ...new Set([...customer, ...visitor].map((l) => l.productId)),
  ])
  const byId = new Map(products.map((p) => [p.id, p]))
  const merged = mergeCartLines(customer, visitor, (line) => {
    const product = byId.get(line.productId)
    return product ? findVariant(product, line.variantId)?.stock : undefined
  })
  await s.carts.set(userId, merged)
  session.unset(CART_KEY)
  return merged
}

export type CartViewLine = {
  productId: string
  /** The variant this line holds (the product id for a product without options). */
  variantId: string
  name: string
  /** The product's category slug ("pantry"): what a discount's scope may name (absent: none). */
  category?: string
  /** The variant's option values, shown "Size: M"; empty without options. */
  options: OptionValue[]
  image: Pick<ProductImage, 'url' | 'alt' | 'variants'> | null
  unitPriceCents: number
  /** The price when the shopper added it, when it differs from today's. */
  previousPriceCents: number | null
  quantity: number
  /** The largest quantity allowed now: min(10, stock); 0 when sold out. */
  maxQuantity: number
  lineTotalCents: number
  /** Why this line cannot be bought as it stands ("Only 2 left of Rooibos tea"), or null. */
  problem: string | null
  /** What a unit weighs packed, in grams (null: the shop's default), and its size when known. */
  weightGrams?: number | null
  lengthCm?: number
  widthCm?: number
  heightCm?: number
}

export type CartView = { lines: CartViewLine[]; totals: Totals; hasProblems: boolean }

/**
 * Priced lines from products read fresh, each at its variant's price and stock; lines of products
 * or variants that no longer exist are left out. A line stored without a variant holds the default.
 */
function priceCart(
  lines: readonly CartLine[],
  products: readonly Product[],
  seen: Record<string, number>,
): CartView {
  const byId = new Map(products.map((p) => [p.id, p]))
  const view: CartViewLine[] = lines.flatMap((line) => {
    const product = byId.get(line.productId)
    const variant = product ? findVariant(product, line.variantId) : null
    if (!product || !variant) return []
    const seenCents = seen[cartLineKey(line)]
    const options = optionValuesOf(product, variant)
    const image = variant.image ?? product.images[0]
    return [
      {
        productId: product.id,
        variantId: variant.id,
        name: product.name,
        category: product.category,
        options,
        image: image ? { url: image.url, alt: image.alt, variants: image.variants } : null,
        unitPriceCents: variant.priceCents,
        previousPriceCents:
          seenCents !== undefined && seenCents !== variant.priceCents ? seenCents : null,
        quantity: line.quantity,
        // A product taken off sale stays in the cart, marked, until the shopper removes it.
        maxQuantity: product.active ? maxQuantityFor(variant.stock) : 0,
        lineTotalCents: variant.priceCents * line.quantity,
        problem: product.active
          ? quantityProblem(
              { name: nameWithOptions(product.name, options), stock: variant.stock },
              line.quantity,
            )
          : `${nameWithOptions(product.name, options)} is no longer available`,
        ...shippingFacts(variant),
      },
    ]
  })
  return {
    lines: view,
    totals: cartTotals(view),
    hasProblems: view.some((l) => l.problem !== null),
  }
}

/** The cart as the /cart and /checkout pages show it, prices read fresh on every view. */
export async function loadCart(
  from: Request | RequestContext,
): Promise<CartView & { owner: CartOwner }> {
  const owner = await cartOwner(from)
  const lines = await readCartLines(owner)
  const products = lines.length
    ? await owner.store.products.getMany(lines.map((l) => l.productId))
    : []
  return { ...priceCart(lines, products, seenPrices(owner.session)), owner }
}

/**
 * After a cancelled payment: the order's lines go back into the cart (idempotent: never above the
 * order's quantities), and its discount code and gift card are applied again.
 */
export async function restoreCartFrom(order: Order, owner: CartOwner, store: Store) {
  restorePromotions(owner.session, order)
  const lines = await readCartLines(owner)
  const products = await store.products.getMany(order.lines.map((l) => l.productId))
  // A product taken off sale since is not put back.
  const stock = new Map(
    products
      .filter((p) => p.active)
      .flatMap((p) => p.variants.map((v) => [v.id, v.stock] as const)),
  )
  const next = [...lines]
  for (const ordered of order.lines) {
    const max = maxQuantityFor(stock.get(ordered.variantId) ?? 0)
    const quantity = Math.min(ordered.quantity, max)
    if (quantity < 1) continue
    const line = { productId: ordered.productId, variantId: ordered.variantId, quantity }
    const at = next.findIndex((l) => cartLineKey(l) === ordered.variantId)
    if (at === -1) next.push(line)
    else next[at] = { ...line, quantity: Math.max(next[at]!.quantity, quantity) }
  }
  await writeCartLines(owner, next)
}
