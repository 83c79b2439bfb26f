import { describe, expect, it } from 'vitest'

import { formatSastInput, isSastMidnight, lastDayOf, parseSastInstant } from './sast'

describe('parseSastInstant', () => {
  it('starts a day at 00:00 SAST, which is 22:00 UTC the day before', () => {
    expect(parseSastInstant('2025-12-01', 'start')).toBe('2025-11-30T22:00:00.000Z')
    expect(parseSastInstant('2026-01-01', 'start')).toBe('2025-12-31T22:00:00.000Z')
  })

  it("ends a day at the next day's 00:00 SAST (exclusive), across months and years", () => {
    expect(parseSastInstant('2025-12-01', 'end')).toBe('2025-12-01T22:00:00.000Z')
    expect(parseSastInstant('2025-12-31', 'end')).toBe('2025-12-31T22:00:00.000Z')
    expect(parseSastInstant('2024-02-28', 'end')).toBe('2024-02-28T22:00:00.000Z')
    expect(parseSastInstant('2024-02-29', 'end')).toBe('2024-02-29T22:00:00.000Z')
    // The end of one day is the start of the next.
    expect(parseSastInstant('2025-06-30', 'end')).toBe(parseSastInstant('2025-07-01', 'start'))
  })

  it('takes a date and time as that minute, for a start and an end alike', () => {
    expect(parseSastInstant('2025-12-01T18:00', 'start')).toBe('2025-12-01T16:00:00.000Z')
    expect(parseSastInstant('2025-12-01T18:00', 'end')).toBe('2025-12-01T16:00:00.000Z')
    expect(parseSastInstant('2025-12-01 18:30', 'end')).toBe('2025-12-01T16:30:00.000Z')
    expect(parseSastInstant('  2025-12-01T01:59 ', 'start')).toBe('2025-11-30T23:59:00.000Z')
    // A time of 00:00 is that midnight, not the end of the day.
    expect(parseSastInstant('2025-12-01T00:00', 'end')).toBe('2025-11-30T22:00:00.000Z')
    expect(parseSastInstant('2025-12-01T23:59', 'end')).toBe('2025-12-01T21:59:00.000Z')
  })

  it.each([
    '',
    'tomorrow',
    '2025-1-5',
    '01-12-2025',
    '2025-02-29',
    '2025-04-31',
    '2025-13-01',
    '2025-00-10',
    '2025-12-00',
    '2025-12-01T24:00',
    '2025-12-01T12:60',
    '2025-12-01T9:00',
    '2025-12-01T09:00:00',
    '2025-12-01T09:00Z',
    '1999-12-31',
  ])('refuses %j', (text) => {
    expect(parseSastInstant(text, 'start')).toBeNull()
    expect(parseSastInstant(text, 'end')).toBeNull()
  })
})

describe('formatSastInput', () => {
  it('gives back what staff typed', () => {
    for (const text of ['2025-12-01', '2025-12-31', '2024-02-29']) {
      expect(formatSastInput(parseSastInstant(text, 'start'), 'start')).toBe(text)
      expect(formatSastInput(parseSastInstant(text, 'end'), 'end')).toBe(text)
    }
    for (const text of ['2025-12-01T18:00', '2025-12-01T00:01', '2025-12-31T23:59']) {
      expect(formatSastInput(parseSastInstant(text, 'start'), 'start')).toBe(text)
      expect(formatSastInput(parseSastInstant(text, 'end'), 'end')).toBe(text)
    }
  })

  it('is empty for no date or an unreadable one', () => {
    expect(formatSastInput(null, 'start')).toBe('')
    expect(formatSastInput('soon', 'end')).toBe('')
  })
})

describe('midnights', () => {
  it('knows a SAST midnight and the last day an exclusive end covers', () => {
    expect(isSastMidnight('2025-11-30T22:00:00.000Z')).toBe(true)
    expect(isSastMidnight('2025-12-01T00:00:00.000Z')).toBe(false)
    expect(isSastMidnight('nonsense')).toBe(false)
    expect(lastDayOf('2025-12-31T22:00:00.000Z')).toBe('2025-12-31T21:59:59.999Z')
  })
})
