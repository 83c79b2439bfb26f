import type { Discount, DiscountDraft } from './types'

/**
 * Discounts for tests (test-only by its name): the /admin/discounts form's draft and a stored
 * discount, 10% off everything with no limits unless told, so each test names only what it is
 * about.
 */

/** A code (SAVE10) for 10% off everything, with no limits, unless told. */
export const discountDraft = (more: Partial<DiscountDraft> = {}): DiscountDraft => ({
  code: 'SAVE10',
  kind: 'percent',
  value: 10,
  minSpendCents: null,
  scope: { categories: [], productIds: [] },
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  automatic: false,
  active: true,
  ...more,
})

/** An automatic offer (no code) of R 20 off, unless told. */
export const offerDraft = (more: Partial<DiscountDraft> = {}): DiscountDraft =>
  discountDraft({ code: null, automatic: true, kind: 'amount', value: 2_000, ...more })

/** A stored discount as the store gives it back: the draft, never used, unless told. */
export const storedDiscount = (more: Partial<Discount> = {}): Discount => ({
  id: 'code-1',
  ...discountDraft(),
  uses: 0,
  discountGivenCents: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...more,
})
