import { describe, expect, it } from 'vitest'

import {
  centsToRandsString,
  formatRand,
  parseRandsToCents,
  randsStringToCents,
  vatIncluded,
} from './money'

// Written with a visible marker so the expected strings show where the non-breaking spaces go.
const nb = (s: string) => s.replaceAll('_', '\u00a0')

describe('formatRand', () => {
  it.each([
    [0, 'R_0,00'],
    [99, 'R_0,99'],
    [100, 'R_1,00'],
    [129900, 'R_1_299,00'],
    [100000, 'R_1_000,00'],
    [99999, 'R_999,99'],
    [123456789, 'R_1_234_567,89'],
    [-1250, '-R_12,50'],
    [-100000, '-R_1_000,00'],
  ])('%i cents -> %s', (cents, expected) => {
    expect(formatRand(cents)).toBe(nb(expected))
  })

  it('uses only non-breaking spaces so a price never wraps', () => {
    expect(formatRand(129900)).not.toMatch(/ /)
  })

  it('refuses fractions of a cent', () => {
    expect(() => formatRand(10.5)).toThrow(RangeError)
    expect(() => formatRand(Number.NaN)).toThrow(RangeError)
  })
})

describe('centsToRandsString', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [99, '0.99'],
    [129900, '1299.00'],
    [100001, '1000.01'],
    [-1250, '-12.50'],
    [-230, '-2.30'],
  ])('%i -> %s', (cents, expected) => {
    expect(centsToRandsString(cents)).toBe(expected)
  })

  it('refuses fractions of a cent', () => {
    expect(() => centsToRandsString(1.5)).toThrow(RangeError)
    expect(() => centsToRandsString(Number.NaN)).toThrow(RangeError)
  })
})

describe('randsStringToCents', () => {
  it.each([
    ['123.45', 12345],
    ['0.10', 10],
    ['1299.00', 129900],
    // 0.1 + 0.2 style float traps do not apply: 1.15 is 115 cents.
    ['1.15', 115],
  ])('%j -> %i', (amount, cents) => {
    expect(randsStringToCents(amount)).toBe(cents)
  })

  it.each([
    '123',
    '123.4',
    '123.456',
    '-1.00',
    '+1.00',
    '1,00',
    '1 000.00',
    ' 1.00',
    '01.00',
    '1e3',
    '',
    '.50',
  ])('%j -> null', (amount) => {
    expect(randsStringToCents(amount)).toBeNull()
  })

  it('round-trips with centsToRandsString', () => {
    for (const cents of [0, 1, 99, 100, 12345, 99999999]) {
      expect(randsStringToCents(centsToRandsString(cents))).toBe(cents)
    }
  })
})

describe('vatIncluded', () => {
  it.each([
    [0, 0],
    [11500, 1500],
    [129900, 16943], // 129900 * 15 / 115 = 16943.478...
    [100, 13], // 13.04
    [23, 3], // exactly 3.0
    [46, 6],
    [54, 7], // 7.04
  ])('%i -> %i', (total, vat) => {
    expect(vatIncluded(total)).toBe(vat)
  })
})

describe('parseRandsToCents', () => {
  it.each([
    ['12.5', 1250],
    ['12,50', 1250],
    ['12', 1200],
    ['0', 0],
    ['0.05', 5],
    [' 1 299 ', 129900],
    ['R 100', 10000],
    ['r100.99', 10099],
    ['12.', 1200],
  ])('%j -> %i', (input, cents) => {
    expect(parseRandsToCents(input)).toBe(cents)
  })

  it.each(['', 'abc', '-5', '1.234', '1e3', '12.5.1', null, undefined])('%j -> null', (input) => {
    expect(parseRandsToCents(input)).toBeNull()
  })
})
