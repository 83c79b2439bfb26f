import { describe, expect, it } from 'vitest'

import { isOrderId, normalizeOrderId, ORDER_ID_ALPHABET, ORDER_ID_LENGTH } from './id'
import { newOrderId } from './id.server'

describe('order ids', () => {
  it('uses an alphabet without look-alike characters', () => {
    for (const ambiguous of ['0', 'O', '1', 'I', 'l', 'L'])
      expect(ORDER_ID_ALPHABET).not.toContain(ambiguous)
    expect(new Set(ORDER_ID_ALPHABET).size).toBe(ORDER_ID_ALPHABET.length)
    expect(ORDER_ID_LENGTH).toBeGreaterThanOrEqual(10)
  })

  it('draws ids of that alphabet, each character in use, without repeats', () => {
    const ids = Array.from({ length: 2000 }, newOrderId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) {
      expect(id).toHaveLength(ORDER_ID_LENGTH)
      expect(isOrderId(id)).toBe(true)
    }
    const used = new Set(ids.join(''))
    expect([...used].sort().join('')).toBe([...ORDER_ID_ALPHABET].sort().join(''))
  })

  it('recognises only well-formed ids', () => {
    expect(isOrderId('K7M2P9QRTWXY')).toBe(true)
    expect(isOrderId('K7M2P9QRTWX')).toBe(false)
    expect(isOrderId('k7m2p9qrtwxy')).toBe(false)
    expect(isOrderId('K7M2P9QRTWX0')).toBe(false)
    expect(isOrderId("'; DROP TABLE")).toBe(false)
    expect(isOrderId(undefined)).toBe(false)
  })

  it('normalises what shoppers type', () => {
    expect(normalizeOrderId(' k7m2-p9qr twxy ')).toBe('K7M2P9QRTWXY')
  })
})
