import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import {
  itnParamString,
  type PayfastPair,
  paramString,
  phpUrlencode,
  signature,
  signaturesMatch,
  signParamString,
} from './signature.server'

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex')

describe('phpUrlencode', () => {
  it('matches PHP urlencode on reserved characters', () => {
    expect(phpUrlencode('a b')).toBe('a+b')
    expect(phpUrlencode('Karoo & Co.')).toBe('Karoo+%26+Co.')
    expect(phpUrlencode('1+1=2')).toBe('1%2B1%3D2')
    // PHP escapes ~ (encodeURIComponent keeps it), and also ! * ' ( ).
    expect(phpUrlencode("~!*'()")).toBe('%7E%21%2A%27%28%29')
    expect(phpUrlencode('A-Z_a.z09')).toBe('A-Z_a.z09')
    expect(phpUrlencode('https://shop.example/orders?id=1')).toBe(
      'https%3A%2F%2Fshop.example%2Forders%3Fid%3D1',
    )
  })

  it('escapes non-ASCII as upper-case UTF-8 bytes', () => {
    expect(phpUrlencode('café')).toBe('caf%C3%A9')
    expect(phpUrlencode('Señor')).toBe('Se%C3%B1or')
    expect(phpUrlencode('😀')).toBe('%F0%9F%98%80')
    expect(phpUrlencode('×')).toBe('%C3%97')
    expect(phpUrlencode('line\nbreak')).toBe('line%0Abreak')
  })
})

describe('paramString', () => {
  it('keeps the given order, trims values and skips blank fields and the signature', () => {
    const pairs: PayfastPair[] = [
      ['merchant_id', ' 10000100 '],
      ['cell_number', ''],
      ['name_first', '   '],
      ['amount', '5.00'],
      ['signature', 'abc'],
      ['item_name', 'Tea'],
    ]
    expect(paramString(pairs)).toBe('merchant_id=10000100&amount=5.00&item_name=Tea')
  })
})

describe('signature', () => {
  const pairs: PayfastPair[] = [
    ['merchant_id', '10000100'],
    ['merchant_key', '46f0cd694581a'],
    ['return_url', 'https://shop.example/orders/ABC'],
    ['cancel_url', ''],
    ['amount', '1299.00'],
    ['item_name', 'Karoo & Co. order ABC~1'],
    ['item_description', ' 2 × Rooibos * Señor café 😀 a+b '],
  ]
  // Written out by hand from PHP's urlencode rules, not produced by the code under test.
  const expected =
    'merchant_id=10000100&merchant_key=46f0cd694581a&return_url=https%3A%2F%2Fshop.example%2Forders%2FABC' +
    '&amount=1299.00&item_name=Karoo+%26+Co.+order+ABC%7E1' +
    '&item_description=2+%C3%97+Rooibos+%2A+Se%C3%B1or+caf%C3%A9+%F0%9F%98%80+a%2Bb'

  it('signs the hand-written parameter string without a passphrase', () => {
    expect(paramString(pairs)).toBe(expected)
    expect(signature(pairs)).toBe(md5(expected))
    // Computed once with coreutils md5sum over the same string.
    expect(signature(pairs)).toBe('47cdc5afc16de8fce88feafcf41f6244')
  })

  it('appends the url-encoded passphrase when one is set', () => {
    expect(signature(pairs, 'jt7NOE43FZPn')).toBe(md5(`${expected}&passphrase=jt7NOE43FZPn`))
    expect(signature(pairs, 'jt7NOE43FZPn')).toBe('039f5686fe3753b218495ea706c05cba')
    expect(signature(pairs, 'my secret & more')).toBe(
      md5(`${expected}&passphrase=my+secret+%26+more`),
    )
    // A blank passphrase counts as none.
    expect(signature(pairs, '')).toBe(md5(expected))
    expect(signature(pairs, 'x')).not.toBe(signature(pairs))
  })

  it('is lower-case hex and changes with the field order', () => {
    expect(signature(pairs)).toMatch(/^[0-9a-f]{32}$/)
    expect(signature([...pairs].reverse())).not.toBe(signature(pairs))
  })
})

describe('itnParamString', () => {
  it('keeps blank fields and untrimmed values, drops only the signature', () => {
    const pairs: PayfastPair[] = [
      ['m_payment_id', 'ABC'],
      ['custom_str1', ''],
      ['item_name', 'Tea & cake'],
      ['signature', 'deadbeef'],
      ['merchant_id', '10000100'],
    ]
    const expected = 'm_payment_id=ABC&custom_str1=&item_name=Tea+%26+cake&merchant_id=10000100'
    expect(itnParamString(pairs)).toBe(expected)
    expect(signParamString(expected, 'pass')).toBe(md5(`${expected}&passphrase=pass`))
  })
})

describe('signaturesMatch', () => {
  it('accepts only the same digest', () => {
    const good = md5('x')
    expect(signaturesMatch(good, good)).toBe(true)
    expect(signaturesMatch(good, good.toUpperCase())).toBe(true)
    expect(signaturesMatch(good, md5('y'))).toBe(false)
    expect(signaturesMatch(good, good.slice(1))).toBe(false)
    expect(signaturesMatch(good, '')).toBe(false)
    expect(signaturesMatch(good, null)).toBe(false)
  })
})
