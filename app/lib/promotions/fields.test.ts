import { describe, expect, it } from 'vitest'

import { parseSubmission } from '~/lib/submission.server'

import {
  applyDiscountSchema,
  applyGiftCardSchema,
  discountCode,
  discountFormSchema,
  giftCardBalanceSchema,
  giftCardCode,
  issueGiftCardSchema,
  parsePercent,
  promotionFormSchema,
} from './fields'
import { discountDraft } from './promotions.test-helper'

const nb = (s: string) => s.replaceAll('_', '\u00a0')

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one)
  }
  return data
}

/** The form posted as a browser would, through the action's parser. */
/** A refused submission's errors by field (a success has none). */
function errorsOf(submission: { status?: string; error?: unknown }) {
  return submission.status === 'success' ? undefined : submission.error
}

function submit(fields: Record<string, string | string[]>) {
  return parseSubmission(form(fields), { schema: discountFormSchema })
}

function value(fields: Record<string, string | string[]>) {
  const submission = submit(fields)
  if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
  return submission.value
}

function errors(fields: Record<string, string | string[]>) {
  const submission = submit(fields)
  if (submission.status === 'success') throw new Error('accepted, expected errors')
  return submission.error
}

const base = { intent: 'save', code: 'save10', kind: 'percent', value: '10', active: 'on' }

describe('the /admin/discounts form', () => {
  it('gives the discount as the store takes it, the code upper-case', () => {
    expect(value(base)).toEqual({ intent: 'save', ...discountDraft({ code: 'SAVE10' }) })
  })

  it('reads every field', () => {
    expect(
      value({
        intent: 'save',
        code: ' Winter-Sale_25 ',
        kind: 'amount',
        value: 'R 1 299,50',
        minSpend: '300',
        categories: ['pantry', 'braai', 'pantry'],
        productIds: 'rooibos-tea, fig-jam\nenamel-mug  rooibos-tea',
        startsAt: '2025-12-01',
        endsAt: '2025-12-31T18:00',
        usageLimit: '1 000',
        perCustomerLimit: '1',
      }),
    ).toEqual({
      intent: 'save',
      code: 'WINTER-SALE_25',
      kind: 'amount',
      value: 129950,
      minSpendCents: 30000,
      scope: {
        categories: ['pantry', 'braai'],
        productIds: ['rooibos-tea', 'fig-jam', 'enamel-mug'],
      },
      startsAt: '2025-11-30T22:00:00.000Z',
      endsAt: '2025-12-31T16:00:00.000Z',
      usageLimit: 1000,
      perCustomerLimit: 1,
      automatic: false,
      active: false,
    })
  })

  it('takes the provinces ticked as where it applies (none: anywhere), refusing any other', () => {
    expect(
      value({ ...base, kind: 'free_shipping', value: '', minSpend: '600', provinces: 'Gauteng' })
        .scope,
    ).toEqual({ categories: [], productIds: [], provinces: ['Gauteng'] })
    expect(
      value({ ...base, provinces: ['Gauteng', 'Limpopo', 'Gauteng'] }).scope.provinces,
    ).toEqual(['Gauteng', 'Limpopo'])
    expect(value(base).scope.provinces).toBeUndefined()
    expect(errors({ ...base, provinces: ['Gauteng', 'Atlantis'] })).toMatchObject({
      'provinces[1]': ['Tick provinces from the list of the nine'],
    })
  })

  it('takes one ticked category as a list', () => {
    expect(value({ ...base, categories: 'pantry' }).scope.categories).toEqual(['pantry'])
  })

  it('an end given as a day runs to the end of that day', () => {
    const saved = value({ ...base, startsAt: '2025-12-01', endsAt: '2025-12-01' })
    expect(saved.startsAt).toBe('2025-11-30T22:00:00.000Z')
    expect(saved.endsAt).toBe('2025-12-01T22:00:00.000Z')
  })

  it('an automatic offer has no code', () => {
    const saved = value({
      intent: 'save',
      kind: 'free_shipping',
      automatic: 'on',
      minSpend: '600.00',
    })
    expect(saved).toMatchObject({ code: null, automatic: true, kind: 'free_shipping', value: 0 })
    expect(saved.minSpendCents).toBe(60000)
    expect(errors({ ...base, automatic: 'on' })).toEqual({
      code: ['An automatic offer has no code: clear the code or untick Automatic'],
    })
    expect(errors({ ...base, code: '' })).toEqual({
      code: [
        'Enter the code shoppers type, e.g. SUMMER10, or tick Automatic for an offer without a code',
      ],
    })
  })

  it('free delivery ignores the value', () => {
    expect(value({ ...base, kind: 'free_shipping', value: 'whatever' }).value).toBe(0)
  })

  it.each(['0', '101', '2.5', 'ten', '', '-5'])('refuses %j as a percent', (typed) => {
    expect(errors({ ...base, value: typed })).toEqual({
      value: ['Enter the percent off as a whole number from 1 to 100, e.g. 10'],
    })
  })

  it('takes "10 %" and 100 as percents', () => {
    expect(parsePercent('10 %')).toBe(10)
    expect(parsePercent('100')).toBe(100)
    expect(parsePercent('1')).toBe(1)
  })

  it.each(['0', '0.00', 'fifty', '', '12.345', '-5'])('refuses %j as an amount', (typed) => {
    expect(errors({ ...base, kind: 'amount', value: typed })).toEqual({
      value: ['Enter the amount off in rands, e.g. 50.00'],
    })
  })

  it('refuses a bad code, naming the rule', () => {
    for (const bad of ['ab', 'save 10', 'SAVE!', '-SAVE', 'x'.repeat(31)]) {
      expect(errors({ ...base, code: bad })).toEqual({
        code: ['Use 3 to 30 letters, digits, dashes or underscores for the code, e.g. SUMMER10'],
      })
    }
  })

  it('refuses an unknown kind', () => {
    expect(errors({ ...base, kind: 'bogof' })).toEqual({
      kind: ['Choose a percent off the items, an amount off the order, or free delivery'],
    })
  })

  it('refuses a minimum spend of nothing or not in rands', () => {
    expect(errors({ ...base, minSpend: '0' })).toEqual({
      minSpend: ['The minimum spend must be more than R 0,00'],
    })
    expect(errors({ ...base, minSpend: 'lots' })).toEqual({
      minSpend: ['Enter the minimum spend in rands, e.g. 1299.00'],
    })
  })

  it('refuses dates that are not dates, naming the format', () => {
    expect(errors({ ...base, startsAt: '1 Dec', endsAt: '2025-02-30' })).toEqual({
      startsAt: [
        'Enter the start as a date like 2025-12-01, or a date and time like 2025-12-01T18:00 (South African time), or leave it empty',
      ],
      endsAt: [
        'Enter the end as a date like 2025-12-01, or a date and time like 2025-12-01T18:00 (South African time), or leave it empty',
      ],
    })
  })

  it('refuses an end at or before the start', () => {
    const message = { endsAt: ['The end must come after the start: change the end or the start'] }
    expect(errors({ ...base, startsAt: '2025-12-02', endsAt: '2025-12-01' })).toEqual(message)
    expect(errors({ ...base, startsAt: '2025-12-01T18:00', endsAt: '2025-12-01T18:00' })).toEqual(
      message,
    )
  })

  it('refuses limits that are not whole numbers from 1', () => {
    for (const bad of ['0', '1.5', 'many', '-1', '10000000']) {
      expect(errors({ ...base, usageLimit: bad, perCustomerLimit: bad })).toEqual({
        usageLimit: [
          'Enter the total number of uses as a whole number from 1, or leave it empty for no limit',
        ],
        perCustomerLimit: [
          'Enter the uses per customer as a whole number from 1, or leave it empty for no limit',
        ],
      })
    }
  })

  it('refuses more uses per customer than in all', () => {
    expect(errors({ ...base, usageLimit: '5', perCustomerLimit: '6' })).toEqual({
      perCustomerLimit: [
        'The uses per customer cannot be more than the total of 5: lower it or leave it empty',
      ],
    })
  })

  it('names a product id that is not one, and bad categories', () => {
    expect(errors({ ...base, productIds: 'rooibos-tea, Fig Jam!' })).toEqual({
      productIds: [
        '"Fig" is not a product id: use the ids shown in Products, e.g. rooibos-tea, separated by commas',
      ],
    })
    expect(errors({ ...base, categories: ['pantry', 'Not A Slug'] })).toEqual({
      'categories[1]': ['Tick categories from the list'],
    })
    const many = Array.from({ length: 201 }, (_, i) => `product-${i}`).join(',')
    expect(errors({ ...base, productIds: many })).toEqual({
      productIds: ['A discount may name at most 200 products; use categories for more'],
    })
  })

  it('refuses an unknown intent', () => {
    expect(errors({ ...base, intent: 'delete' })).toEqual({
      intent: ['Use the Save button on the page'],
    })
  })
})

describe("the shoppers' discount code", () => {
  it('is upper-cased and trimmed', () => {
    expect(discountCode.parse('  save10 ')).toBe('SAVE10')
    expect(applyDiscountSchema.parse({ intent: 'apply-discount', code: 'winter-sale_25' })).toEqual(
      {
        intent: 'apply-discount',
        code: 'WINTER-SALE_25',
      },
    )
  })

  it('asks for a code when none is given, through the form parser too', () => {
    const submission = parseSubmission(form({ intent: 'apply-discount', code: '' }), {
      schema: promotionFormSchema,
    })
    expect(submission.status).toBe('error')
    expect(errorsOf(submission)).toEqual({ code: ['Enter your discount code'] })
  })

  it('refuses what cannot be a code as an unknown code', () => {
    for (const bad of ['a', 'save 10', 'x'.repeat(31), '<script>']) {
      expect(discountCode.safeParse(bad).error?.issues[0]?.message).toBe(
        'We do not know that code: check it and try again',
      )
    }
  })

  it('tells the buttons apart by intent', () => {
    expect(promotionFormSchema.parse({ intent: 'remove-discount' })).toEqual({
      intent: 'remove-discount',
    })
    expect(promotionFormSchema.parse({ intent: 'remove-gift-card' })).toEqual({
      intent: 'remove-gift-card',
    })
    expect(promotionFormSchema.safeParse({ intent: 'steal' }).error?.issues[0]?.message).toBe(
      'Use one of the buttons on the page',
    )
  })
})

describe('gift card codes in forms', () => {
  it('are read whatever the case, spaces and dashes', () => {
    expect(giftCardCode.parse(' abcd efgh-jkmn–pqrs ')).toBe('ABCDEFGHJKMNPQRS')
    expect(
      applyGiftCardSchema.parse({ intent: 'apply-gift-card', giftCardCode: 'ABCD-EFGH-JKMN-PQRS' }),
    ).toEqual({ intent: 'apply-gift-card', giftCardCode: 'ABCDEFGHJKMNPQRS' })
    expect(giftCardBalanceSchema.parse({ code: 'abcdefghjkmnpqrs' })).toEqual({
      code: 'ABCDEFGHJKMNPQRS',
    })
  })

  it('ask for the code, and its shape when it is not one', () => {
    const submission = parseSubmission(form({ intent: 'apply-gift-card', giftCardCode: '' }), {
      schema: promotionFormSchema,
    })
    expect(errorsOf(submission)).toEqual({ giftCardCode: ['Enter the gift card code'] })
    for (const bad of ['ABCD-EFGH', 'ABCD-EFGH-JKMN-PQR0', 'x'.repeat(61)]) {
      expect(giftCardCode.safeParse(bad).error?.issues[0]?.message).toBe(
        'Enter the 16-character code from the gift card, e.g. ABCD-EFGH-JKMN-PQRS',
      )
    }
  })
})

describe('the /admin/gift-cards form', () => {
  function issue(fields: Record<string, string>) {
    return parseSubmission(form({ intent: 'issue', ...fields }), { schema: issueGiftCardSchema })
  }

  it('issues an amount in cents, to a recipient or not', () => {
    expect(
      issue({ amount: '500.00', recipientEmail: ' Thandi@Example.co.za ', note: 'Birthday' }),
    ).toMatchObject({
      status: 'success',
      value: {
        intent: 'issue',
        amount: 50000,
        recipientEmail: 'thandi@example.co.za',
        note: 'Birthday',
      },
    })
    expect(issue({ amount: 'R 250' })).toMatchObject({
      status: 'success',
      value: { amount: 25000, recipientEmail: null, note: null },
    })
  })

  it('names the field and the fix', () => {
    expect(
      errorsOf(issue({ amount: '', recipientEmail: 'not-an-email', note: 'x'.repeat(501) })),
    ).toEqual({
      amount: ['Enter the amount in rands, e.g. 1299.00'],
      recipientEmail: [
        "Enter the recipient's email address like name@example.co.za, or leave it empty",
      ],
      note: ['Keep the note to 500 characters or fewer'],
    })
    expect(errorsOf(issue({ amount: '0' }))).toEqual({
      amount: ['The amount must be more than R 0,00'],
    })
    expect(errorsOf(issue({ amount: '50000.01' }))).toEqual({
      amount: [nb('Enter an amount of at most R_50_000,00')],
    })
  })
})
