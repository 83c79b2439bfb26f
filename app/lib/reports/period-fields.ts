import { z } from 'zod'

import {
  MAX_PERIOD_DAYS,
  PERIOD_PRESETS,
  isDay,
  periodDays,
  presetPeriod,
  type DayPeriod,
  type PeriodPreset,
} from './period'

/**
 * The period a report, the VAT summary or an export asks for in its query: `period` (a preset) or
 * `from` and `to` (`YYYY-MM-DD`, SAST, both included); neither is this month. A bad value is named
 * with how to fix it, for the page's 400 and the export's.
 */

const day = (name: string) =>
  z
    .string()
    .trim()
    .refine(isDay, `Give the ${name} day as YYYY-MM-DD, a real date (e.g. 2026-03-01)`)

export const periodQuerySchema = z
  .object({
    period: z
      .enum(PERIOD_PRESETS, {
        errorMap: () => ({ message: `Choose a period: ${PERIOD_PRESETS.join(', ')}` }),
      })
      .optional(),
    from: day('first').optional(),
    to: day('last').optional(),
  })
  .superRefine((query, ctx) => {
    if (query.period) return
    if (query.from && !query.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Give the last day as well' })
    }
    if (query.to && !query.from) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Give the first day as well' })
    }
    if (query.from && query.to && query.to < query.from) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The last day must be on or after the first day',
      })
    } else if (
      query.from &&
      query.to &&
      periodDays({ from: query.from, to: query.to }) > MAX_PERIOD_DAYS
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A period covers at most ${MAX_PERIOD_DAYS} days: choose a nearer last day`,
      })
    }
  })

export type PeriodQuery =
  | { ok: true; period: DayPeriod; preset: PeriodPreset | null }
  | { ok: false; errors: Partial<Record<'period' | 'from' | 'to', string>>; values: PeriodValues }

/** What the period form shows again after a bad query. */
export type PeriodValues = { period: string; from: string; to: string }

/**
 * The period in `searchParams` as seen on `today` (SAST `YYYY-MM-DD`); blank fields count as
 * absent, so the form's empty boxes beside a preset are fine.
 */
export function parsePeriodQuery(searchParams: URLSearchParams, today: string): PeriodQuery {
  const values: PeriodValues = {
    period: searchParams.get('period') ?? '',
    from: searchParams.get('from') ?? '',
    to: searchParams.get('to') ?? '',
  }
  const given = (text: string) => (text.trim() === '' ? undefined : text)
  const parsed = periodQuerySchema.safeParse({
    period: given(values.period),
    from: given(values.from),
    to: given(values.to),
  })
  if (!parsed.success) {
    const errors: Partial<Record<'period' | 'from' | 'to', string>> = {}
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as 'period' | 'from' | 'to'
      errors[field] ??= issue.message
    }
    return { ok: false, errors, values }
  }
  const { period, from, to } = parsed.data
  if (period) return { ok: true, period: presetPeriod(period, today), preset: period }
  if (from && to) return { ok: true, period: { from, to }, preset: null }
  return { ok: true, period: presetPeriod('month', today), preset: 'month' }
}

/** A query's bad fields in one line, for a plain-text 400 (the exports'). */
export function periodErrorText(errors: Partial<Record<string, string>>): string {
  return Object.entries(errors)
    .map(([field, message]) => `${field}: ${message}`)
    .join('\n')
}
