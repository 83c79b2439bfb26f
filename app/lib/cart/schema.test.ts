import { describe, expect, it } from 'vitest'

import { quantity } from './schema'

describe('quantity', () => {
  it('takes 1 to 10 as typed in a form', () => {
    expect(quantity.parse('1')).toBe(1)
    expect(quantity.parse('10')).toBe(10)
    for (const bad of ['0', '11', '2.5', 'two']) {
      expect(quantity.safeParse(bad).error?.issues[0]?.message).toBe(
        'Choose a quantity from 1 to 10',
      )
    }
  })
})
