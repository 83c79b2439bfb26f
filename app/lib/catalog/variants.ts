import type { Product, ProductVariant } from '~/lib/data/types'
import { defaultVariant, slugify } from '~/lib/data/variants'

/**
 * What the product page's option pickers and the listing's prices need to know about a product's
 * variants: pure, for the server (the page without JS) and the browser (picks with JS) alike.
 */

type Options = Pick<Product, 'options' | 'variants'>

/** How a value of one option stands, given what is picked in the other options. */
export type ChoiceState = 'available' | 'sold-out' | 'unsold'

export type OptionChoices = {
  name: string
  /** The query parameter the no-JS form posts this option under: "size", "colour". */
  param: string
  values: { value: string; state: ChoiceState; selected: boolean }[]
}

/** The variant sold with exactly these option values, or null when that combination is not sold. */
export function variantFor(
  product: Pick<Product, 'variants'>,
  selection: readonly string[],
): ProductVariant | null {
  return (
    product.variants.find(
      (variant) =>
        variant.optionValues.length === selection.length &&
        variant.optionValues.every((value, i) => value === selection[i]),
    ) ?? null
  )
}

/** The query parameter of an option ("Pack size" → "pack-size"). */
export function optionParam(name: string): string {
  return slugify(name) || 'option'
}

/**
 * One group per option with each of its values marked: available, sold out, or not sold, as the
 * combination of that value with the values picked in the other options.
 */
export function optionChoices(product: Options, selection: readonly string[]): OptionChoices[] {
  return product.options.map((option, i) => ({
    name: option.name,
    param: optionParam(option.name),
    values: option.values.map((value) => {
      const candidate = variantFor(
        product,
        selection.map((picked, j) => (j === i ? value : picked)),
      )
      const state: ChoiceState = !candidate
        ? 'unsold'
        : candidate.stock > 0
          ? 'available'
          : 'sold-out'
      return { value, state, selected: selection[i] === value }
    }),
  }))
}

/**
 * The option values a page request picks: `?size=M&colour=Black` as the no-JS form sends them.
 * Null when the request names no option; options it leaves out keep the default variant's value.
 */
export function selectionFromParams(product: Options, params: URLSearchParams): string[] | null {
  const named = product.options.some((option) => params.has(optionParam(option.name)))
  if (!named) return null
  const fallback = defaultVariant(product).optionValues
  return product.options.map((option, i) => {
    const asked = params.get(optionParam(option.name))
    return asked !== null && option.values.includes(asked) ? asked : (fallback[i] ?? '')
  })
}

/** The lowest and highest price over the variants a shopper can buy (over all when none can). */
export function priceRange(product: Pick<Product, 'variants'>): {
  fromCents: number
  toCents: number
  /** True when variants differ in price: the listing says "from R x". */
  varies: boolean
} {
  const inStock = product.variants.filter((variant) => variant.stock > 0)
  const prices = (inStock.length ? inStock : product.variants).map((v) => v.priceCents)
  const fromCents = Math.min(...prices)
  const toCents = Math.max(...prices)
  const all = product.variants.map((v) => v.priceCents)
  return { fromCents, toCents, varies: Math.min(...all) !== Math.max(...all) }
}

/** The product page URL showing one variant. */
export function variantUrl(productId: string, variant: Pick<ProductVariant, 'id'>): string {
  const path = `/shop/${encodeURIComponent(productId)}`
  return variant.id === productId ? path : `${path}?variant=${encodeURIComponent(variant.id)}`
}
