import { describe, expect, it } from 'vitest'

import { amountToCents, centsToAmount } from './amount'

describe('centsToAmount', () => {
  it('writes rands with two decimals', () => {
    expect(centsToAmount(0)).toBe('0.00')
    expect(centsToAmount(5)).toBe('0.05')
    expect(centsToAmount(129900)).toBe('1299.00')
    expect(centsToAmount(100001)).toBe('1000.01')
    expect(centsToAmount(-230)).toBe('-2.30')
  })

  it('refuses fractions of a cent', () => {
    expect(() => centsToAmount(1.5)).toThrow(RangeError)
    expect(() => centsToAmount(Number.NaN)).toThrow(RangeError)
  })
})

describe('amountToCents', () => {
  it('reads exact amounts', () => {
    expect(amountToCents('123.45')).toBe(12345)
    expect(amountToCents('0.10')).toBe(10)
    expect(amountToCents('1299.00')).toBe(129900)
    // 0.1 + 0.2 style float traps do not apply: 1.15 is 115 cents.
    expect(amountToCents('1.15')).toBe(115)
  })

  it('rejects anything else', () => {
    for (const bad of [
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
    ]) {
      expect(amountToCents(bad), bad).toBeNull()
    }
  })

  it('round-trips with centsToAmount', () => {
    for (const cents of [0, 1, 99, 100, 12345, 99999999]) {
      expect(amountToCents(centsToAmount(cents))).toBe(cents)
    }
  })
})
