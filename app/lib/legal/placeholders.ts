import type { ShopDetails } from './shop-details'

/**
 * The shop's details as the legal stories' placeholders name them: `{{legalName}}`,
 * `{{tradingName}}`, `{{address}}`, `{{email}}`, `{{phone}}`, `{{vatNumber}}`, `{{vatStatus}}`,
 * `{{registrationNumber}}` and `{{returnWindowDays}}`. Editors in Storyblok use the same names, so
 * a change of address at /admin/settings reaches every page without a new story.
 */
export function shopPlaceholders(
  details: ShopDetails,
  returnWindowDays: number,
): Record<string, string> {
  return {
    legalName: details.legalName,
    tradingName: details.tradingName,
    address: details.address.join(', '),
    email: details.email,
    phone: details.phone,
    vatNumber: details.vatNumber ?? 'none (not registered for VAT)',
    vatStatus: details.vatNumber
      ? `VAT registration number ${details.vatNumber}`
      : 'not registered for VAT',
    registrationNumber: details.registrationNumber ?? 'not registered as a company',
    returnWindowDays: String(returnWindowDays),
  }
}

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g

/**
 * A copy of `value` (a story's content: strings, arrays, objects) with every known placeholder in
 * every string filled in; an unknown one stays as typed, so an editor sees the slip on the page.
 */
export function fillPlaceholders<T>(value: T, values: Readonly<Record<string, string>>): T {
  const fill = (node: unknown): unknown => {
    if (typeof node === 'string') {
      return node.replace(PLACEHOLDER, (whole, name: string) =>
        Object.hasOwn(values, name) ? values[name]! : whole,
      )
    }
    if (Array.isArray(node)) return node.map(fill)
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, fill(inner)]))
    }
    return node
  }
  return fill(value) as T
}
