import { describe, expect, it } from 'vitest'

import {
  applyGiftCard,
  applyStoreCredit,
  availableCents,
  checkGiftCard,
  formatGiftCardCode,
  GIFT_CARD_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  isGiftCardCode,
  maskGiftCardCode,
  newGiftCardCode,
  normalizeGiftCardCode,
  splitPayment,
} from './gift-cards'
import type { GiftCard } from './types'

const nb = (s: string) => s.replaceAll('_', '\u00a0')

describe('gift card codes', () => {
  it('are 16 characters of the unambiguous alphabet, random each time', () => {
    const codes = new Set<string>()
    for (let i = 0; i < 2000; i++) {
      const code = newGiftCardCode()
      expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{16}$/)
      expect(isGiftCardCode(code)).toBe(true)
      codes.add(code)
    }
    expect(codes.size).toBe(2000)
    expect(GIFT_CARD_CODE_LENGTH).toBeGreaterThanOrEqual(16)
  })

  it('has no look-alikes in the alphabet', () => {
    for (const lookalike of ['0', 'O', '1', 'I', 'L']) {
      expect(GIFT_CARD_ALPHABET).not.toContain(lookalike)
    }
    expect(new Set(GIFT_CARD_ALPHABET).size).toBe(31)
  })

  it('uses every character of the alphabet, each byte value mapped evenly', () => {
    // Byte b < 248 is character b % 31; 248-255 would favour the first 8 characters, so they are redrawn.
    const fixed = (values: number[]) => {
      let call = 0
      return (bytes: Uint8Array) => {
        bytes.fill(0)
        if (call++ === 0) bytes.set(values.slice(0, bytes.length))
      }
    }
    const code = newGiftCardCode(
      fixed([248, 255, 0, 30, 31, 61, 62, 247, 250, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    )
    expect(code).toBe('2Z2Z2Z3456789AB2')
    // Every byte rejected: the code is drawn from the next bytes.
    let calls = 0
    const code2 = newGiftCardCode((bytes) => {
      bytes.fill(calls++ === 0 ? 255 : 30)
    })
    expect(code2).toBe('Z'.repeat(16))
    expect(calls).toBe(2)
  })

  it('are shown in groups of four and masked to the last group', () => {
    expect(formatGiftCardCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS')
    expect(maskGiftCardCode('ABCDEFGHJKMNPQRS')).toBe('••••-••••-••••-PQRS')
  })

  it('are read as typed: case, spaces and dashes ignored', () => {
    for (const typed of [
      'abcd-efgh-jkmn-pqrs',
      ' ABCD EFGH JKMN PQRS ',
      'abcdefghjkmnpqrs',
      'ABCD–EFGH—JKMN-PQRS',
      'AbCd-EfGh\u00a0jKmN pQrS',
    ]) {
      expect(normalizeGiftCardCode(typed)).toBe('ABCDEFGHJKMNPQRS')
      expect(isGiftCardCode(normalizeGiftCardCode(typed))).toBe(true)
    }
    expect(normalizeGiftCardCode(formatGiftCardCode('ABCDEFGHJKMNPQRS'))).toBe('ABCDEFGHJKMNPQRS')
  })

  it('refuse what cannot be a code', () => {
    for (const bad of [
      'ABCDEFGHJKMNPQR',
      'ABCDEFGHJKMNPQRST',
      'ABCDEFGHJKMNPQR0',
      'OBCDEFGHJKMNPQRS',
      '',
    ]) {
      expect(isGiftCardCode(bad)).toBe(false)
    }
  })
})

describe('paying with a gift card', () => {
  it('pays part of an order: the whole balance, PayFast the rest', () => {
    expect(applyGiftCard(50000, 20000)).toEqual({
      paidCents: 20000,
      remainingCents: 30000,
      balanceAfterCents: 0,
    })
  })

  it('pays all of an order, keeping the rest of the balance', () => {
    expect(applyGiftCard(30000, 50000)).toEqual({
      paidCents: 30000,
      remainingCents: 0,
      balanceAfterCents: 20000,
    })
  })

  it('pays exactly the balance, to the cent', () => {
    expect(applyGiftCard(12345, 12345)).toEqual({
      paidCents: 12345,
      remainingCents: 0,
      balanceAfterCents: 0,
    })
    expect(applyGiftCard(12346, 12345).remainingCents).toBe(1)
  })

  it('pays nothing from an empty card or toward a free order', () => {
    expect(applyGiftCard(10000, 0)).toEqual({
      paidCents: 0,
      remainingCents: 10000,
      balanceAfterCents: 0,
    })
    expect(applyGiftCard(0, 500)).toEqual({
      paidCents: 0,
      remainingCents: 0,
      balanceAfterCents: 500,
    })
  })

  it('refuses fractions of a cent and negative amounts (a programming error)', () => {
    expect(() => applyGiftCard(100.5, 100)).toThrow(RangeError)
    expect(() => applyGiftCard(100, -1)).toThrow(RangeError)
    expect(() => applyStoreCredit(-1, 100)).toThrow(RangeError)
  })

  it('store credit pays the same way', () => {
    expect(applyStoreCredit(50000, 20000)).toEqual({
      paidCents: 20000,
      remainingCents: 30000,
      balanceAfterCents: 0,
    })
    expect(applyStoreCredit(30000, 50000)).toEqual({
      paidCents: 30000,
      remainingCents: 0,
      balanceAfterCents: 20000,
    })
  })
})

describe('splitting an order between a card, store credit and PayFast', () => {
  it('the card first, then credit, then PayFast', () => {
    expect(splitPayment(50000, { giftCardCents: 20000, storeCreditCents: 10000 })).toEqual({
      giftCardCents: 20000,
      storeCreditCents: 10000,
      payfastCents: 20000,
    })
  })

  it('paid in full without PayFast', () => {
    expect(splitPayment(25000, { giftCardCents: 20000, storeCreditCents: 10000 })).toEqual({
      giftCardCents: 20000,
      storeCreditCents: 5000,
      payfastCents: 0,
    })
    expect(splitPayment(15000, { giftCardCents: 20000, storeCreditCents: 10000 })).toEqual({
      giftCardCents: 15000,
      storeCreditCents: 0,
      payfastCents: 0,
    })
  })

  it('all PayFast without a card or credit', () => {
    expect(splitPayment(9999, {})).toEqual({
      giftCardCents: 0,
      storeCreditCents: 0,
      payfastCents: 9999,
    })
  })
})

function card(over: Partial<GiftCard> = {}): GiftCard {
  return {
    id: 'gc-1',
    code: 'ABCDEFGHJKMNPQRS',
    initialCents: 50000,
    balanceCents: 50000,
    heldCents: 0,
    issuedTo: null,
    message: null,
    note: null,
    orderId: null,
    issuedBy: 'staff@example.co.za',
    active: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...over,
  }
}

describe('whether a card can pay', () => {
  it('pays its balance less what unpaid orders hold', () => {
    expect(availableCents(card({ balanceCents: 50000, heldCents: 20000 }))).toBe(30000)
    expect(availableCents({ balanceCents: 100, heldCents: 300 })).toBe(0)
    expect(checkGiftCard(card({ heldCents: 20000 }))).toEqual({ ok: true, availableCents: 30000 })
  })

  it('says why not in plain words', () => {
    expect(checkGiftCard(null)).toEqual({
      ok: false,
      reason: 'unknown',
      message: 'We do not know that gift card code: check the 16 characters and try again',
    })
    expect(checkGiftCard(card({ active: false }))).toEqual({
      ok: false,
      reason: 'inactive',
      message: 'This gift card has been cancelled',
    })
    expect(checkGiftCard(card({ balanceCents: 0 }))).toEqual({
      ok: false,
      reason: 'empty',
      message: 'This gift card has no balance left',
    })
    expect(checkGiftCard(card({ balanceCents: 25000, heldCents: 25000 }))).toEqual({
      ok: false,
      reason: 'empty',
      message: nb("This gift card's balance of R_250,00 is held by an order awaiting payment"),
    })
  })
})
