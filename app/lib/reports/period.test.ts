import { describe, expect, it } from 'vitest'

import { parsePeriodQuery } from './period-fields'
import { describePeriod, periodInstants, presetPeriod, previousPeriod, sastDay } from './period'

describe('report periods in South African time', () => {
  it('starts and ends each day at midnight SAST (22:00 UTC the day before)', () => {
    expect(periodInstants({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-02-28T22:00:00.000Z',
      to: '2026-03-31T22:00:00.000Z',
    })
    expect(sastDay('2026-02-28T21:59:59.999Z')).toBe('2026-02-28')
    expect(sastDay('2026-02-28T22:00:00.000Z')).toBe('2026-03-01')
  })

  it('reads the presets on the South African day', () => {
    expect(presetPeriod('today', '2026-03-09')).toEqual({ from: '2026-03-09', to: '2026-03-09' })
    expect(presetPeriod('7d', '2026-03-09')).toEqual({ from: '2026-03-03', to: '2026-03-09' })
    expect(presetPeriod('month', '2026-03-09')).toEqual({ from: '2026-03-01', to: '2026-03-09' })
    expect(presetPeriod('last-month', '2026-03-09')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    })
    expect(presetPeriod('last-month', '2026-01-15')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    })
  })

  it('compares with the period of the same length just before', () => {
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
    })
    expect(previousPeriod({ from: '2026-03-09', to: '2026-03-09' })).toEqual({
      from: '2026-03-08',
      to: '2026-03-08',
    })
  })

  it('names the period in words', () => {
    expect(describePeriod({ from: '2026-03-01', to: '2026-03-31' })).toBe('1–31 March 2026')
    expect(describePeriod({ from: '2026-02-27', to: '2026-03-02' })).toBe(
      '27 February – 2 March 2026',
    )
    expect(describePeriod({ from: '2026-03-09', to: '2026-03-09' })).toBe('9 March 2026')
  })
})

describe('the period in a query', () => {
  const parse = (query: string) => parsePeriodQuery(new URLSearchParams(query), '2026-03-09')

  it('is this month when nothing is asked, a preset by name, or the days given', () => {
    expect(parse('')).toMatchObject({ ok: true, preset: 'month', period: { from: '2026-03-01' } })
    expect(parse('period=last-month&from=&to=')).toMatchObject({
      ok: true,
      period: { from: '2026-02-01', to: '2026-02-28' },
    })
    expect(parse('from=2026-01-01&to=2026-01-31')).toEqual({
      ok: true,
      preset: null,
      period: { from: '2026-01-01', to: '2026-01-31' },
    })
  })

  it('names the field that is wrong and how to fix it', () => {
    expect(parse('from=2026-02-30&to=2026-03-01')).toMatchObject({
      ok: false,
      errors: { from: expect.stringMatching(/YYYY-MM-DD, a real date/) },
    })
    expect(parse('from=2026-03-05&to=2026-03-01')).toMatchObject({
      ok: false,
      errors: { to: 'The last day must be on or after the first day' },
    })
    expect(parse('from=2026-03-05')).toMatchObject({
      ok: false,
      errors: { to: 'Give the last day as well' },
    })
    expect(parse('from=2024-01-01&to=2026-01-01')).toMatchObject({
      ok: false,
      errors: { to: expect.stringMatching(/at most 366 days/) },
    })
    expect(parse('period=year')).toMatchObject({
      ok: false,
      errors: { period: expect.stringMatching(/today, 7d, month, last-month/) },
      values: { period: 'year' },
    })
  })
})
