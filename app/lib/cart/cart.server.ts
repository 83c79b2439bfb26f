import type { Session } from '@remix-run/node'

import { getUserId } from '~/lib/auth/session.server'
import { getStore, type Store } from '~/lib/data/index.server'
import type { CartLine, Product, ProductImage } from '~/lib/data/types'
import { getSession } from '~/lib/session.server'

import {
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

export type CartOwner = { session: Session; userId: string | null }

/** The session and the signed-in user's id (or null) for a request. */
export async function cartOwner(request: Request): Promise<CartOwner> {
  const [session, userId] = await Promise.all([getSession(request), getUserId(request)])
  return { session, userId }
}

function visitorCartLines(session: Session): CartLine[] {
  return cleanCartLines(session.get(CART_KEY))
}

export async function readCartLines(owner: CartOwner, store?: Store): Promise<CartLine[]> {
  if (!owner.userId) return visitorCartLines(owner.session)
  return cleanCartLines(await (store ?? (await getStore())).carts.get(owner.userId))
}

/** Saves the lines; for a visitor the caller must commit the session. */
export async function writeCartLines(owner: CartOwner, lines: readonly CartLine[], store?: Store) {
  const clean = cleanCartLines(lines)
  if (owner.userId) {
    await (store ?? (await getStore())).carts.set(owner.userId, clean)
  } else if (clean.length) {
    owner.session.set(CART_KEY, clean)
  } else {
    owner.session.unset(CART_KEY)
  }
  // Seen prices of products no longer in the cart are forgotten.
  const seen = seenPrices(owner.session)
  const kept = Object.fromEntries(
    clean.flatMap((l) =>
      seen[l.productId] !== undefined ? [[l.productId, seen[l.productId]]] : [],
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

/** Records the price the shopper saw for a product (on add and on update). */
export function rememberSeenPrice(session: Session, productId: string, cents: number) {
  session.set(SEEN_KEY, { ...seenPrices(session), [productId]: cents })
}

/** Empties the cart (after an order is placed); the caller commits the session. */
export async function clearCart(owner: CartOwner, store?: Store) {
  await writeCartLines(owner, [], store)
}

/** Items in the cart (sum of quantities), for the header's badge. */
export async function cartCount(request: Request): Promise<number> {
  const lines = await readCartLines(await cartOwner(request))
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
  store?: Store,
): Promise<CartLine[]> {
  const s = store ?? (await getStore())
  const visitor = visitorCartLines(session)
  const customer = cleanCartLines(await s.carts.get(userId))
  if (!visitor.length) return customer
  const products = await s.products.getMany([
    ...new Set([...customer, ...visitor].map((l) => l.productId)),
  ])
  const stock = new Map(products.map((p) => [p.id, p.stock]))
  const merged = mergeCartLines(customer, visitor, (id) => stock.get(id))
  await s.carts.set(userId, merged)
  session.unset(CART_KEY)
  return merged
}

export type CartViewLine = {
  productId: string
  name: string
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
}

export type CartView = { lines: CartViewLine[]; totals: Totals; hasProblems: boolean }

/** Priced lines from products read fresh; lines of products that no longer exist are left out. */
function priceCart(
  lines: readonly CartLine[],
  products: readonly Product[],
  seen: Record<string, number>,
): CartView {
  const byId = new Map(products.map((p) => [p.id, p]))
  const view: CartViewLine[] = lines.flatMap((line) => {
    const product = byId.get(line.productId)
    if (!product) return []
    const seenCents = seen[line.productId]
    return [
      {
        productId: product.id,
        name: product.name,
        image: product.images[0]
          ? {
              url: product.images[0].url,
              alt: product.images[0].alt,
              variants: product.images[0].variants,
            }
          : null,
        unitPriceCents: product.priceCents,
        previousPriceCents:
          seenCents !== undefined && seenCents !== product.priceCents ? seenCents : null,
        quantity: line.quantity,
        maxQuantity: maxQuantityFor(product.stock),
        lineTotalCents: product.priceCents * line.quantity,
        problem: quantityProblem(product, line.quantity),
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
  request: Request,
  store?: Store,
): Promise<CartView & { owner: CartOwner }> {
  const s = store ?? (await getStore())
  const owner = await cartOwner(request)
  const lines = await readCartLines(owner, s)
  const products = lines.length ? await s.products.getMany(lines.map((l) => l.productId)) : []
  return { ...priceCart(lines, products, seenPrices(owner.session)), owner }
}
