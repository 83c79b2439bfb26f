import type { CartLine } from '~/lib/data/types'
import { vatIncluded } from '~/lib/money'

/**
 * The cart's business rules (docs/contracts.md), pure and safe on server and client: quantity
 * limits, merging two carts, and the one function that computes totals for the cart, checkout and
 * orders.
 */

export const MIN_QUANTITY = 1
export const MAX_QUANTITY = 10
/** Distinct products a cart may hold; keeps the visitor's session cookie well under 4 KB. */
export const MAX_CART_LINES = 30
/**
 * The cart page's delivery estimate before an address is known (R 99, free from R 1 000): checkout
 * prices the chosen method for the address (app/lib/shipping/options.server.ts) and passes it in.
 */
export const SHIPPING_CENTS = 99_00
export const FREE_SHIPPING_FROM_CENTS = 1_000_00

export type Totals = {
  itemCount: number
  subtotalCents: number
  /**
   * The chosen delivery method's price (checkout, orders); without one, the cart's estimate: R 99,00,
   * free from a subtotal of R 1 000,00. Nothing for an empty cart.
   */
  shippingCents: number
  totalCents: number
  /** The VAT included in the total: round(total * 15 / 115). */
  vatCents: number
}

/**
 * Subtotal, delivery, total and included VAT of priced lines, in integer cents. `shippingCents` is
 * the price of the delivery method chosen (checkout); left out, the cart's estimate stands in.
 */
export function cartTotals(
  lines: readonly { unitPriceCents: number; quantity: number }[],
  shippingCents?: number,
): Totals {
  let itemCount = 0
  let subtotalCents = 0
  for (const line of lines) {
    if (!Number.isSafeInteger(line.unitPriceCents) || !Number.isSafeInteger(line.quantity)) {
      throw new RangeError('Cart lines need whole cents and whole quantities')
    }
    itemCount += line.quantity
    subtotalCents += line.unitPriceCents * line.quantity
  }
  if (shippingCents !== undefined && (!Number.isSafeInteger(shippingCents) || shippingCents < 0)) {
    throw new RangeError('A delivery price is whole cents, 0 or more')
  }
  const delivery =
    itemCount === 0
      ? 0
      : (shippingCents ?? (subtotalCents >= FREE_SHIPPING_FROM_CENTS ? 0 : SHIPPING_CENTS))
  const totalCents = subtotalCents + delivery
  return {
    itemCount,
    subtotalCents,
    shippingCents: delivery,
    totalCents,
    vatCents: vatIncluded(totalCents),
  }
}

/** How many of a product one line may hold: 1 to 10 and never more than stock (0 when sold out). */
export function maxQuantityFor(stock: number): number {
  return Math.max(0, Math.min(MAX_QUANTITY, Math.floor(stock)))
}

/**
 * Why `quantity` of a product cannot be in the cart, or null when it can. `alreadyInCart` is
 * what an "add" comes on top of.
 */
export function quantityProblem(
  product: { name: string; stock: number },
  quantity: number,
  alreadyInCart = 0,
): string | null {
  if (product.stock <= 0) return `${product.name} is sold out`
  if (!Number.isInteger(quantity) || quantity < MIN_QUANTITY || quantity > MAX_QUANTITY) {
    return `Choose a quantity from ${MIN_QUANTITY} to ${MAX_QUANTITY}`
  }
  const wanted = alreadyInCart + quantity
  const inCart = alreadyInCart > 0 ? `; you already have ${alreadyInCart} in your cart` : ''
  if (wanted > product.stock) return `Only ${product.stock} left of ${product.name}${inCart}`
  if (wanted > MAX_QUANTITY)
    return `You can buy at most ${MAX_QUANTITY} of ${product.name}${inCart}`
  return null
}

/**
 * What makes a cart line one line: its variant. A line stored before product options existed has
 * only its product id, which is also the id of that product's one variant.
 */
export function cartLineKey(line: Pick<CartLine, 'productId' | 'variantId'>): string {
  return line.variantId ?? line.productId
}

/**
 * Merges a visitor's cart into a customer's (sign-in): quantities of the same product are added,
 * then clamped to 10 and to stock; sold-out and unknown products drop out; the customer's lines
 * keep their order and the visitor's new ones follow, up to MAX_CART_LINES.
 */
export function mergeCartLines(
  customer: readonly CartLine[],
  visitor: readonly CartLine[],
  stockOf: (line: CartLine) => number | undefined,
): CartLine[] {
  const sums = new Map<string, CartLine>()
  for (const line of [...customer, ...visitor]) {
    const key = cartLineKey(line)
    sums.set(key, { ...line, quantity: (sums.get(key)?.quantity ?? 0) + line.quantity })
  }
  const merged: CartLine[] = []
  for (const line of sums.values()) {
    const stock = stockOf(line)
    if (stock === undefined) continue
    const clamped = Math.min(line.quantity, maxQuantityFor(stock))
    if (clamped >= MIN_QUANTITY) merged.push({ ...line, quantity: clamped })
  }
  return merged.slice(0, MAX_CART_LINES)
}

/** Cart lines from untrusted storage (a cookie): well-formed, one per variant, bounded. */
export function cleanCartLines(raw: unknown): CartLine[] {
  if (!Array.isArray(raw)) return []
  const seen = new Set<string>()
  const lines: CartLine[] = []
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null) continue
    const { productId, variantId, quantity } = item as Record<string, unknown>
    if (typeof productId !== 'string' || !/^[a-z0-9][a-z0-9-]{0,119}$/.test(productId)) continue
    const variant =
      typeof variantId === 'string' && /^[a-z0-9][a-z0-9-]{0,199}$/.test(variantId)
        ? variantId
        : undefined
    if (typeof quantity !== 'number' || !Number.isInteger(quantity)) continue
    const key = cartLineKey({ productId, variantId: variant })
    if (quantity < MIN_QUANTITY || quantity > MAX_QUANTITY || seen.has(key)) continue
    seen.add(key)
    lines.push(variant ? { productId, variantId: variant, quantity } : { productId, quantity })
    if (lines.length === MAX_CART_LINES) break
  }
  return lines
}
