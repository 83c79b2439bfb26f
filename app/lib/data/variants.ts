import type { OptionValue, Product, ProductVariant } from './types'

/**
 * The rules of product options, shared by both data adapters, the catalogue and the pages (no
 * server code here): variant ids, the one default variant of a product without options, the
 * product's summary price and stock, and which variant a cart line or a URL means.
 */

/** At most this many options per product (Size, Colour, Pack). */
export const MAX_OPTIONS = 3
/** Combinations of option values a product may sell (3 options of 4 or 5 values fit). */
export const MAX_VARIANTS = 100

/** The heaviest a variant may weigh: one tonne, in grams. */
export const MAX_WEIGHT_GRAMS = 1_000_000
/** The longest side a variant's parcel may have, in centimetres. */
export const MAX_DIMENSION_CM = 1000

/** Joins ids and option values: `{productId}--{slug}` cannot be mistaken for a product id's dashes. */
const VARIANT_SEPARATOR = '--'

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** `{productId}--{slug of its option values}`; the product id itself for a variant without options. */
export function variantIdFor(productId: string, optionValues: readonly string[]): string {
  if (optionValues.length === 0) return productId
  return `${productId}${VARIANT_SEPARATOR}${slugify(optionValues.join(' '))}`
}

/** A variant as written by the seed or the back office: without `weightGrams` its weight is unknown. */
export type VariantInput = Omit<ProductVariant, 'weightGrams'> &
  Partial<Pick<ProductVariant, 'weightGrams'>>

/**
 * A product as written by the seed or the back office: without options it may leave out variants
 * (or give only its one variant's weight and size there); without `active` it is on sale.
 */
export type ProductInput = Omit<Product, 'options' | 'variants' | 'active'> &
  Partial<Pick<Product, 'options' | 'active'>> & { variants?: VariantInput[] }

/** The variant's weight (null when unknown) and the dimensions it has, never an undefined key. */
export function shippingFacts(
  variant: Pick<VariantInput, 'weightGrams' | 'lengthCm' | 'widthCm' | 'heightCm'> | undefined,
): Pick<ProductVariant, 'weightGrams' | 'lengthCm' | 'widthCm' | 'heightCm'> {
  const facts: Pick<ProductVariant, 'weightGrams' | 'lengthCm' | 'widthCm' | 'heightCm'> = {
    weightGrams: variant?.weightGrams ?? null,
  }
  for (const key of ['lengthCm', 'widthCm', 'heightCm'] as const) {
    const value = variant?.[key]
    // NOTE: Firestore refuses a field set to undefined, so an unknown size is no key at all.
    if (typeof value === 'number') facts[key] = value
  }
  return facts
}

/** What a product shows before a variant is picked, derived from its variants. */
export function summarizeVariants(
  variants: readonly ProductVariant[],
): Pick<Product, 'priceCents' | 'compareAtCents' | 'stock'> {
  const first = variants[0]
  if (!first) throw new RangeError('A product needs at least one variant')
  const inStock = variants.filter((variant) => variant.stock > 0)
  const cheapest = (inStock.length ? inStock : variants).reduce((best, variant) =>
    variant.priceCents < best.priceCents ? variant : best,
  )
  return {
    priceCents: cheapest.priceCents,
    compareAtCents: cheapest.compareAtCents,
    stock: variants.reduce((sum, variant) => sum + variant.stock, 0),
  }
}

/**
 * A whole product: a product without options gets its one default variant (id = product id) from
 * its own price and stock; one with options gets its price and stock summed up from its variants.
 * Throws when the options and variants do not fit together.
 */
export function withVariants(input: ProductInput): Product {
  const options = input.options ?? []
  if (options.length > MAX_OPTIONS) {
    throw new RangeError(`${input.id} has ${options.length} options; at most ${MAX_OPTIONS}`)
  }
  // NOTE: without options the product's own price and stock are the truth, so a caller who changes
  // `{ ...product, stock }` of a product read back from the store is not undone by its old variant.
  const variants: ProductVariant[] =
    options.length > 0 && input.variants
      ? input.variants.map(({ weightGrams, lengthCm, widthCm, heightCm, ...variant }) => ({
          ...variant,
          optionValues: [...variant.optionValues],
          ...shippingFacts({ weightGrams, lengthCm, widthCm, heightCm }),
        }))
      : [
          {
            id: input.id,
            optionValues: [],
            priceCents: input.priceCents,
            compareAtCents: input.compareAtCents,
            stock: input.stock,
            image: null,
            // Weight and size are the one variant's own, when given.
            ...shippingFacts(input.variants?.find((variant) => variant.id === input.id)),
          },
        ]
  const ids = new Set<string>()
  for (const variant of variants) {
    if (variant.optionValues.length !== options.length) {
      throw new RangeError(
        `Variant ${variant.id} needs one value for each of ${input.id}'s options`,
      )
    }
    variant.optionValues.forEach((value, i) => {
      if (!options[i]?.values.includes(value)) {
        throw new RangeError(
          `Variant ${variant.id}: "${value}" is not a value of ${options[i]?.name}`,
        )
      }
    })
    if (variant.id !== variantIdFor(input.id, variant.optionValues)) {
      throw new RangeError(
        `Variant ${variant.id} should be ${variantIdFor(input.id, variant.optionValues)}`,
      )
    }
    if (ids.has(variant.id)) throw new RangeError(`Variant ${variant.id} appears twice`)
    ids.add(variant.id)
  }
  return {
    ...input,
    active: input.active ?? true,
    ...summarizeVariants(variants),
    options: options.map((option) => ({ name: option.name, values: [...option.values] })),
    variants,
  }
}

/** The variant a product page shows first: the first one in stock, else the first. */
export function defaultVariant(product: Pick<Product, 'variants'>): ProductVariant {
  const first = product.variants[0]
  if (!first) throw new RangeError('A product needs at least one variant')
  return product.variants.find((variant) => variant.stock > 0) ?? first
}

/**
 * The variant an id names. No id, or the product id (a cart line stored before options existed, a
 * link to the product), means the default variant; an id of another product's variant, null.
 */
export function findVariant(
  product: Pick<Product, 'id' | 'variants'>,
  variantId: string | null | undefined,
): ProductVariant | null {
  if (!variantId || variantId === product.id) {
    return product.variants.find((variant) => variant.id === product.id) ?? defaultVariant(product)
  }
  return product.variants.find((variant) => variant.id === variantId) ?? null
}

/** The product id a variant id belongs to (the part before `--`). */
export function productIdOf(variantId: string): string {
  const at = variantId.indexOf(VARIANT_SEPARATOR)
  return at === -1 ? variantId : variantId.slice(0, at)
}

/** The variant's option values with their option names: [{ name: 'Size', value: 'M' }]. */
export function optionValuesOf(
  product: Pick<Product, 'options'>,
  variant: Pick<ProductVariant, 'optionValues'>,
): OptionValue[] {
  return variant.optionValues.map((value, i) => ({ name: product.options[i]?.name ?? '', value }))
}

/** "Size: M, Colour: Blue"; empty without options. */
export function formatOptions(options: readonly OptionValue[]): string {
  return options.map((option) => `${option.name}: ${option.value}`).join(', ')
}

/** "Silk shirt (Size: M)": a line's name with its option values, for messages and PayFast. */
export function nameWithOptions(name: string, options: readonly OptionValue[]): string {
  return options.length ? `${name} (${formatOptions(options)})` : name
}
