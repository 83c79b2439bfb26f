import type { ProductEdit } from '~/lib/data/store'
import type { Product, ProductOption } from '~/lib/data/types'
import { MAX_VARIANTS, slugify, variantIdFor } from '~/lib/data/variants'

import type { ProductSaveForm } from './product-schema'

/**
 * Turns a checked product form into the store's ProductEdit: options from the editor's rows, one
 * variant per combination of their values (priced and weighed from its row of the variants table,
 * or, for a combination new to the table, from the top-level price, weight and size with no stock
 * yet), or without options the one variant the top-level fields describe. Errors are conform field paths.
 */

export type FieldErrors = Record<string, string[]>

export type Category = { slug: string; name: string }

const MAX_VALUES_PER_OPTION = 30
const VALUE_MAX = 40

/** "S, M , L,," -> ["S", "M", "L"]. */
export function splitValues(text: string | null): string[] {
  return (text ?? '')
    .split(',')
    .map((value) => value.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
}

/** Every combination of the options' values, first option outermost (S/Black, S/White, M/Black...). */
export function combinations(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => [...combo, value])),
    [[]],
  )
}

export function parseOptions(
  rows: ProductSaveForm['options'],
  errors: FieldErrors,
): ProductOption[] {
  const options: ProductOption[] = []
  const names = new Set<string>()
  rows.forEach((row, i) => {
    if (!row || (!row.name && !row.values)) return
    const values = splitValues(row.values)
    if (!row.name) {
      errors[`options[${i}].name`] = ['Name this option, e.g. Size']
      return
    }
    const name = row.name.replace(/\s+/g, ' ')
    if (names.has(name.toLowerCase())) {
      errors[`options[${i}].name`] = [`There is already an option called ${name}`]
      return
    }
    names.add(name.toLowerCase())
    const valueErrors: string[] = []
    if (values.length === 0) valueErrors.push(`Enter the values of ${name}, separated by commas`)
    if (values.length > MAX_VALUES_PER_OPTION) {
      valueErrors.push(`${name} may have at most ${MAX_VALUES_PER_OPTION} values`)
    }
    const slugs = new Map<string, string>()
    for (const value of values) {
      const slug = slugify(value)
      if (value.length > VALUE_MAX) {
        valueErrors.push(
          `Keep each value to ${VALUE_MAX} characters or fewer ("${value.slice(0, 20)}…")`,
        )
      } else if (!slug) {
        valueErrors.push(`"${value}" needs a letter or a digit`)
      } else if (slugs.has(slug)) {
        valueErrors.push(`"${value}" and "${slugs.get(slug)}" are the same value`)
      }
      slugs.set(slug, value)
    }
    if (valueErrors.length) {
      errors[`options[${i}].values`] = valueErrors
      return
    }
    options.push({ name, values })
  })
  return options
}

/** The weight and size a form row gives a variant (null: unknown). */
function parcelOf(
  row: Pick<ProductSaveForm, 'weightGrams' | 'lengthCm' | 'widthCm' | 'heightCm'>,
): Pick<ProductEdit['variants'][number], 'weightGrams' | 'lengthCm' | 'widthCm' | 'heightCm'> {
  return {
    weightGrams: row.weightGrams,
    lengthCm: row.lengthCm,
    widthCm: row.widthCm,
    heightCm: row.heightCm,
  }
}

/**
 * The save as the store takes it, or the messages that stop it. `existing` is the product being
 * edited (null for a new one) and `held` the units its variants' unpaid orders hold: a variant the
 * table leaves out keeps its price and what it has on hand.
 */
export function toProductEdit(
  form: ProductSaveForm,
  {
    id,
    existing,
    held,
    categories,
  }: {
    id: string
    existing: Product | null
    held: Record<string, number>
    categories: readonly Category[]
  },
): { edit: ProductEdit; errors: null } | { edit: null; errors: FieldErrors } {
  const errors: FieldErrors = {}
  const category = categories.find((c) => c.slug === form.category)
  if (!category) errors.category = ['Choose a category from the list']
  const options = parseOptions(form.options, errors)

  let variants: ProductEdit['variants'] = []
  if (options.length === 0 && !Object.keys(errors).some((key) => key.startsWith('options'))) {
    // The schema made price and stock required when no option row is filled in.
    if (form.price !== undefined && form.stock !== undefined) {
      variants = [
        {
          id,
          optionValues: [],
          priceCents: form.price,
          compareAtCents: form.compareAtPrice,
          onHand: form.stock,
          ...parcelOf(form),
        },
      ]
    }
  } else if (options.length > 0) {
    const combos = combinations(options)
    if (combos.length > MAX_VARIANTS) {
      errors[`options[${options.length - 1}].values`] = [
        `These options make ${combos.length} combinations; a product may have at most ${MAX_VARIANTS}`,
      ]
    } else {
      const rows = new Map(form.variants.map((row) => [row.id, row]))
      const before = new Map(existing?.variants.map((variant) => [variant.id, variant]))
      const ids = new Set<string>()
      for (const optionValues of combos) {
        const variantId = variantIdFor(id, optionValues)
        if (ids.has(variantId)) {
          errors[`options[0].values`] = [
            `Two combinations of values read the same (${optionValues.join(' ')}): make the values more distinct`,
          ]
          break
        }
        ids.add(variantId)
        const row = rows.get(variantId)
        const old = before.get(variantId)
        if (row) {
          variants.push({
            id: variantId,
            optionValues,
            priceCents: row.price,
            compareAtCents: row.compareAtPrice,
            onHand: row.stock,
            ...parcelOf(row),
          })
        } else if (old) {
          variants.push({
            id: variantId,
            optionValues,
            priceCents: old.priceCents,
            compareAtCents: old.compareAtCents,
            onHand: old.stock + (held[variantId] ?? 0),
          })
        } else if (form.price !== undefined) {
          variants.push({
            id: variantId,
            optionValues,
            priceCents: form.price,
            compareAtCents: form.compareAtPrice,
            onHand: 0,
            ...parcelOf(form),
          })
        } else {
          errors.price = ['Enter the price of the new option combinations in rands, e.g. 1299.00']
          break
        }
      }
    }
  }

  if (Object.keys(errors).length > 0 || !category || variants.length === 0) {
    return { edit: null, errors }
  }
  return {
    edit: {
      id,
      name: form.name,
      description: unixLineEndings(form.description),
      category: category.slug,
      categoryName: category.name,
      tags: existing?.tags ?? [],
      options,
      active: form.active,
      variants,
    },
    errors: null,
  }
}

/** Product ids the back office's own URLs use: a product may not be called this. */
const RESERVED_IDS = new Set(['new'])
const ID_BASE_MAX = 80

/**
 * A new product's id: the slug of its name ("Rooibos Tea 250 g" -> "rooibos-tea-250-g"), with
 * -2, -3... when taken. `taken` asks the store.
 */
export async function newProductId(
  name: string,
  taken: (id: string) => Promise<boolean>,
): Promise<string> {
  const base = slugify(name).slice(0, ID_BASE_MAX).replace(/-+$/, '') || 'product'
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`
    if (!RESERVED_IDS.has(id) && !(await taken(id))) return id
  }
}

/**
 * A textarea posts its line breaks as CRLF (the HTML spec's form encoding) while the store keeps
 * LF: normalised before saving, so saving an unchanged description changes (and logs) nothing.
 */
export function unixLineEndings(text: string): string {
  return text.replace(/\r\n?/g, '\n')
}
