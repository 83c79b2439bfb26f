import { describe, expect, it } from 'vitest'

import { buildPaymentForm, payfastCellNumber } from './checkout.server'
import { paramString, signature } from './signature.server'
import { pendingOrder } from '~/lib/orders/orders.test-helper'

const config = {
  merchantId: '10000100',
  merchantKey: '46f0cd694581a',
  passphrase: 'jt7NOE43FZPn',
  baseUrl: 'https://sandbox.payfast.co.za',
}
const urls = {
  returnUrl: 'https://shop.example/orders/K7M2P9QRTW',
  cancelUrl: 'https://shop.example/checkout?cancelled=K7M2P9QRTW',
  notifyUrl: 'https://shop.example/payfast/notify',
}

describe('buildPaymentForm', () => {
  it('lists PayFast fields in the documented order with the signature last', () => {
    const form = buildPaymentForm(pendingOrder(), urls, config)
    expect(form.action).toBe('https://sandbox.payfast.co.za/eng/process')
    expect(form.fields.map(([name]) => name)).toEqual([
      'merchant_id',
      'merchant_key',
      'return_url',
      'cancel_url',
      'notify_url',
      'name_first',
      'name_last',
      'email_address',
      'cell_number',
      'm_payment_id',
      'amount',
      'item_name',
      'item_description',
      'signature',
    ])
    const fields = Object.fromEntries(form.fields)
    expect(fields).toMatchObject({
      merchant_id: '10000100',
      return_url: urls.returnUrl,
      cell_number: '0821234567',
      m_payment_id: 'K7M2P9QRTW',
      amount: '398.00',
      item_name: 'Karoo & Co. order K7M2P9QRTW',
      item_description: '2 x Rooibos tea, 1 x Fynbos honey',
    })
  })

  it('asks only for what gift cards and store credit leave to pay', () => {
    const order = pendingOrder({
      giftCards: [{ giftCardId: 'card-1', code: 'ABCDEFGHJKMNPQRS', amountCents: 100_00 }],
      storeCreditCents: 48_00,
    })
    const fields = Object.fromEntries(buildPaymentForm(order, urls, config).fields)
    // R 398,00 less R 100,00 on the card and R 48,00 of credit.
    expect(fields.amount).toBe('250.00')
  })

  it('signs everything before the signature with the passphrase', () => {
    const form = buildPaymentForm(pendingOrder(), urls, config)
    const unsigned = form.fields.slice(0, -1)
    const [name, value] = form.fields.at(-1)!
    expect(name).toBe('signature')
    expect(value).toBe(signature(unsigned, config.passphrase))
    expect(value).not.toBe(signature(unsigned))
    expect(paramString(unsigned)).toContain('&item_name=Karoo+%26+Co.+order+K7M2P9QRTW&')
  })

  it('writes the amount from cents exactly', () => {
    const fields = (cents: number) =>
      Object.fromEntries(buildPaymentForm(pendingOrder({ totalCents: cents }), urls, config).fields)
    expect(fields(1).amount).toBe('0.01')
    expect(fields(100005).amount).toBe('1000.05')
    expect(fields(129999).amount).toBe('1299.99')
  })

  it('leaves out a phone that is not an SA mobile, and keeps names within limits', () => {
    const long = 'Ñandú '.repeat(30) + '😀'.repeat(80)
    const form = buildPaymentForm(
      pendingOrder({ phone: '021 123 4567', firstName: long, lastName: ' Mokoena ' }),
      urls,
      config,
    )
    const fields = Object.fromEntries(form.fields)
    expect(fields.cell_number).toBeUndefined()
    expect([...fields.name_first!].length).toBeLessThanOrEqual(100)
    expect(fields.name_first).not.toMatch(/[\uD800-\uDBFF]$/)
    expect(fields.name_last).toBe('Mokoena')
    expect(form.fields.at(-1)![1]).toBe(signature(form.fields.slice(0, -1), config.passphrase))
  })

  it('keeps item_name within 100 characters for a long order id', () => {
    const form = buildPaymentForm(pendingOrder({ id: 'X'.repeat(120) }), urls, config)
    const itemName = Object.fromEntries(form.fields).item_name!
    expect(itemName.length).toBeLessThanOrEqual(100)
    expect(itemName.startsWith('Karoo & Co. order XXX')).toBe(true)
  })
})

describe('payfastCellNumber', () => {
  it('normalises SA mobiles to ten digits starting 0', () => {
    expect(payfastCellNumber('082 123 4567')).toBe('0821234567')
    expect(payfastCellNumber('+27 72 555 0101')).toBe('0725550101')
    expect(payfastCellNumber('27615550101')).toBe('0615550101')
    expect(payfastCellNumber('(083) 555-0101')).toBe('0835550101')
  })

  it('refuses landlines, short numbers and blanks', () => {
    for (const bad of [
      '021 123 4567',
      '011 555 0101',
      '082 123 456',
      '+44 7700 900123',
      '',
      null,
    ]) {
      expect(payfastCellNumber(bad), String(bad)).toBeNull()
    }
  })
})
