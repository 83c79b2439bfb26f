import type { OptionValue } from '~/lib/data/types'

/**
 * A line's option values under its name: "Size: M · Colour: Black". Shared by cart lines, the
 * checkout summary and order pages, so the shopper sees the same words all the way through.
 */
export function LineOptions({ options }: { options: readonly OptionValue[] }) {
  if (options.length === 0) return null
  return (
    <ul className="line-options">
      {options.map((option) => (
        <li key={option.name}>
          {option.name}: {option.value}
        </li>
      ))}
    </ul>
  )
}

/** The product page showing a line's variant. */
export function variantPath(line: { productId: string; variantId: string }): string {
  const path = `/shop/${encodeURIComponent(line.productId)}`
  return line.variantId === line.productId
    ? path
    : `${path}?variant=${encodeURIComponent(line.variantId)}`
}
