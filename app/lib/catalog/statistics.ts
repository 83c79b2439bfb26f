import type { RatingSummary } from '~/lib/data/types'

export type StarLevel = 1 | 2 | 3 | 4 | 5

export type ProductStatistics = {
  count: number
  /** Average rating rounded to one decimal (4.25 -> 4.3); null when nobody has reviewed yet. */
  average: number | null
  /** Five stars first, as the page lists them; percentages are whole numbers of the review count. */
  distribution: { stars: StarLevel; count: number; percent: number }[]
}

/** The product page's rating statistics, from the summary the store keeps on the product. */
export function productStatistics(rating: RatingSummary): ProductStatistics {
  const count = rating.distribution.reduce((total, n) => total + n, 0)
  // The distribution is the source of truth for the count; `sum` gives the exact average.
  const average = count > 0 ? roundToOneDecimal(rating.sum / count) : null
  const distribution = ([5, 4, 3, 2, 1] as const).map((stars) => {
    const n = rating.distribution[stars - 1] ?? 0
    return { stars, count: n, percent: count > 0 ? Math.round((n * 100) / count) : 0 }
  })
  return { count, average, distribution }
}

/** One decimal, rounding halves up: 4.25 -> 4.3, 4.249 -> 4.2. */
export function roundToOneDecimal(value: number): number {
  // Scaling by 10 alone misrounds values such as 4.35 (4.3499999...); the epsilon nudges them.
  return Math.round((value + Number.EPSILON * 10) * 10) / 10
}

/** "4.3 out of 5" with the trailing ".0" kept for whole numbers so every figure reads alike. */
export function formatAverage(average: number): string {
  return `${average.toFixed(1)} out of 5`
}
