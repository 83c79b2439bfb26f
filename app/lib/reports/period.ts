import { MONTHS } from '~/lib/dates'
import { parseSastInstant } from '~/lib/promotions/sast'

/**
 * A report's period: whole South African calendar days (UTC+2 all year, no daylight saving), both
 * ends included, and the instants the store compares (`from` included, `to` excluded: midnight
 * SAST after the last day). Pure; safe on server and client.
 */

export const PERIOD_PRESETS = ['today', '7d', 'month', 'last-month'] as const
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]

export const PRESET_LABELS: Record<PeriodPreset, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  month: 'This month',
  'last-month': 'Last month',
}

/** The longest period a report or export covers: a year and a day (a leap year's). */
export const MAX_PERIOD_DAYS = 366

/** Calendar days `YYYY-MM-DD` in SAST, both included. */
export type DayPeriod = { from: string; to: string }

const DAY_MS = 24 * 60 * 60 * 1000
const SAST_OFFSET_MS = 2 * 60 * 60 * 1000

/** The SAST calendar day of an instant, `YYYY-MM-DD`. */
export function sastDay(instant: string | Date): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime()
  return new Date(ms + SAST_OFFSET_MS).toISOString().slice(0, 10)
}

/** `day` moved by `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** How many days the period covers, both ends counted. */
export function periodDays(period: DayPeriod): number {
  return Math.round((Date.parse(period.to) - Date.parse(period.from)) / DAY_MS) + 1
}

/** Every day of the period in order. */
export function daysOf(period: DayPeriod): string[] {
  return Array.from({ length: periodDays(period) }, (_, i) => addDays(period.from, i))
}

/** Whether `text` is a real calendar day written `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && parseSastInstant(text, 'start') !== null
}

/** The instants the store reads: from midnight SAST on the first day to midnight after the last. */
export function periodInstants(period: DayPeriod): { from: string; to: string } {
  return {
    from: parseSastInstant(period.from, 'start')!,
    to: parseSastInstant(period.to, 'end')!,
  }
}

/** A preset's days as seen on `today` (SAST): this month and the last 7 days end today. */
export function presetPeriod(preset: PeriodPreset, today: string): DayPeriod {
  const firstOfMonth = `${today.slice(0, 8)}01`
  switch (preset) {
    case 'today':
      return { from: today, to: today }
    case '7d':
      return { from: addDays(today, -6), to: today }
    case 'month':
      return { from: firstOfMonth, to: today }
    case 'last-month': {
      const lastDay = addDays(firstOfMonth, -1)
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay }
    }
  }
}

/** The period of the same length that ends the day before `period` starts. */
export function previousPeriod(period: DayPeriod): DayPeriod {
  return { from: addDays(period.from, -periodDays(period)), to: addDays(period.from, -1) }
}

/** "1–31 March 2026", "28 February – 6 March 2026", "9 March 2026" for the page's headings. */
export function describePeriod(period: DayPeriod): string {
  const [fy, fm, fd] = period.from.split('-').map(Number) as [number, number, number]
  const [ty, tm, td] = period.to.split('-').map(Number) as [number, number, number]
  const month = (m: number) => MONTHS[m - 1]
  if (period.from === period.to) return `${fd} ${month(fm)} ${fy}`
  if (fy === ty && fm === tm) return `${fd}–${td} ${month(tm)} ${ty}`
  if (fy === ty) return `${fd} ${month(fm)} – ${td} ${month(tm)} ${ty}`
  return `${fd} ${month(fm)} ${fy} – ${td} ${month(tm)} ${ty}`
}

/** "March 2026" for a `YYYY-MM` month. */
export function describeMonth(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`
}

/** An instant as South African wall-clock time for spreadsheets: `2026-03-01 10:05`. */
export function sastDateTime(instant: string): string {
  const sast = new Date(Date.parse(instant) + SAST_OFFSET_MS).toISOString()
  return `${sast.slice(0, 10)} ${sast.slice(11, 16)}`
}
