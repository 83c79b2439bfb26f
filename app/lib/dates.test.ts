import { describe, expect, it } from 'vitest'

import { formatSastDate, formatSastDateTime } from './dates'

/** What en-ZA in Africa/Johannesburg says, from the ICU data this Node carries. */
function intlParts(iso: string) {
  const parts = new Intl.DateTimeFormat('en-ZA', {
    timeZone: 'Africa/Johannesburg',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso))
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value
  return {
    date: `${part('day')} ${part('month')} ${part('year')}`,
    time: `${part('hour')}:${part('minute')}`,
  }
}

describe('formatSastDate', () => {
  it.each([
    ['2024-03-12T10:00:00.000Z', '12 March 2024'],
    // 23:30 in London is already the next day in Johannesburg.
    ['2024-03-11T23:30:00.000Z', '12 March 2024'],
    ['2024-12-31T22:00:00.000Z', '1 January 2025'],
    ['2024-12-31T21:59:59.999Z', '31 December 2024'],
  ])('%s -> %s', (iso, expected) => {
    expect(formatSastDate(iso)).toBe(expected)
    expect(formatSastDate(new Date(iso))).toBe(expected)
  })

  it('returns an unparseable value as it came', () => {
    expect(formatSastDate('not a date')).toBe('not a date')
  })
})

describe('formatSastDateTime', () => {
  it.each([
    ['2025-03-01T10:00:00.000Z', '1 March 2025, 12:00'],
    ['2025-03-01T22:05:00.000Z', '2 March 2025, 00:05'],
    ['2025-06-15T21:59:00.000Z', '15 June 2025, 23:59'],
  ])('%s -> %s', (iso, expected) => {
    expect(formatSastDateTime(iso)).toBe(expected)
  })
})

describe('agreement with en-ZA in Africa/Johannesburg', () => {
  // Summer and winter, around midnight in both zones: a fixed UTC+2 must match the time zone rules.
  const instants = [
    '2024-01-15T21:59:00.000Z',
    '2024-01-15T22:00:00.000Z',
    '2024-07-15T21:59:00.000Z',
    '2024-07-15T22:00:00.000Z',
    '2025-10-26T00:30:00.000Z',
    '2026-03-29T23:45:00.000Z',
  ]
  it.each(instants)('%s', (iso) => {
    const intl = intlParts(iso)
    expect(formatSastDate(iso)).toBe(intl.date)
    expect(formatSastDateTime(iso)).toBe(`${intl.date}, ${intl.time}`)
  })
})
