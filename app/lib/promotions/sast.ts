/**
 * The start and end of a discount as staff type them, in South African Standard Time (UTC+2 all
 * year, no daylight saving), and back. Safe on server and client.
 *
 * A day alone ("2025-12-01") starts at 00:00 SAST that day and ends at the end of that day, i.e.
 * at 00:00 SAST the next day: the end instant is exclusive, so an offer "until 2025-12-31" still
 * applies at 23:59:59.999 on the 31st and no longer at 00:00 on 1 January. A day and a time
 * ("2025-12-01T18:00", or with a space) is that minute, for a start and an end alike (an offer
 * ending at 18:00 has ended at 18:00:00).
 */

const SAST_OFFSET_MS = 2 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/

export type SastEdge = 'start' | 'end'

/**
 * `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` (SAST) -> the ISO instant (UTC) it stands for, or null when
 * it is not a real date and time. A day alone is its first instant as a start and the next day's
 * first instant as an end (exclusive).
 */
export function parseSastInstant(text: string, edge: SastEdge): string | null {
  const match = PATTERN.exec(text.trim())
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const hasTime = match[4] !== undefined
  const [hour, minute] = hasTime ? [Number(match[4]), Number(match[5])] : [0, 0]
  if (year < 2000 || year > 2999 || hour > 23 || minute > 59) return null
  const wallClockMs = Date.UTC(year, month - 1, day, hour, minute)
  // Date.UTC rolls 31 February into March: a date that does not round-trip is not a real one.
  const check = new Date(wallClockMs)
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  ) {
    return null
  }
  const endOfDay = !hasTime && edge === 'end' ? DAY_MS : 0
  return new Date(wallClockMs - SAST_OFFSET_MS + endOfDay).toISOString()
}

/** The SAST wall clock of an instant, read through the UTC getters. */
function wallClock(ms: number): { date: string; time: string } {
  const sast = new Date(ms + SAST_OFFSET_MS)
  const date = `${sast.getUTCFullYear()}-${pad(sast.getUTCMonth() + 1)}-${pad(sast.getUTCDate())}`
  return { date, time: `${pad(sast.getUTCHours())}:${pad(sast.getUTCMinutes())}` }
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/**
 * An instant as the form shows it again: the inverse of parseSastInstant. `YYYY-MM-DD` when it is
 * a SAST midnight (for an end, the day before it: the last day the offer runs), else
 * `YYYY-MM-DDTHH:MM`. Null or an unreadable value gives "".
 */
export function formatSastInput(iso: string | null, edge: SastEdge): string {
  if (iso === null) return ''
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return ''
  const { date, time } = wallClock(ms)
  if (time !== '00:00') return `${date}T${time}`
  return edge === 'end' ? wallClock(ms - DAY_MS).date : date
}

/** Whether the instant is a SAST midnight (a whole-day edge). */
export function isSastMidnight(iso: string): boolean {
  const ms = Date.parse(iso)
  return !Number.isNaN(ms) && (ms + SAST_OFFSET_MS) % DAY_MS === 0
}

/** For an exclusive end at a SAST midnight, an instant inside the last day it covers. */
export function lastDayOf(endIso: string): string {
  return new Date(Date.parse(endIso) - 1).toISOString()
}
