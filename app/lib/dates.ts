/**
 * Dates as a South African shopper reads them: "12 March 2024" and "12 March 2024, 14:05", in
 * South African Standard Time (Africa/Johannesburg). One module for reviews, orders and news alike.
 * Safe on server and client.
 *
 * NOTE: formatted by hand rather than with Intl.DateTimeFormat('en-ZA'), for the reason money.ts
 * gives: the text must not depend on the ICU data Node and each browser ship, or server HTML and
 * the hydrating client could disagree. South Africa keeps UTC+2 all year (no daylight saving since
 * 1944), so a fixed offset is exact; the tests hold the output to Intl's en-ZA answer.
 */

/** The months' English names, January first. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

const SAST_OFFSET_MS = 2 * 60 * 60 * 1000

/** The instant shifted to SAST, read through the UTC getters; null for an unparseable value. */
function sast(value: string | Date): Date | null {
  const ms = typeof value === 'string' ? Date.parse(value) : value.getTime()
  if (Number.isNaN(ms)) return null
  return new Date(ms + SAST_OFFSET_MS)
}

/** "12 March 2024": the day in South Africa. An unparseable value is returned as it came. */
export function formatSastDate(value: string | Date): string {
  const date = sast(value)
  if (!date) return String(value)
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

/** "12 March 2024, 14:05": the day and 24-hour time in South Africa. */
export function formatSastDateTime(value: string | Date): string {
  const date = sast(value)
  if (!date) return String(value)
  const hh = String(date.getUTCHours()).padStart(2, '0')
  const mm = String(date.getUTCMinutes()).padStart(2, '0')
  return `${formatSastDate(value)}, ${hh}:${mm}`
}
