import { z } from 'zod'

import { checkbox, EMAIL_MAX, optionalText, PRODUCT_ID_PATTERN, randsAmount } from '~/lib/fields'
import { PROVINCES, type Province } from '~/lib/data/types'
import { formatRand, parseRandsToCents } from '~/lib/money'

import { GIFT_CARD_CODE_LENGTH, isGiftCardCode, normalizeGiftCardCode } from './gift-cards'
import { DISCOUNT_CODE_PATTERN, normalizeDiscountCode } from './rules'
import { parseSastInstant, type SastEdge } from './sast'
import { DISCOUNT_KINDS, type DiscountDraft } from './types'

/**
 * The form fields of promotions (docs/contracts.md "Promotions and gift cards"): the
 * /admin/discounts form, the shoppers' discount code and gift card code, and /admin/gift-cards.
 * Plain zod, so conform checks the same rules in the browser. Blank optional fields are null, and
 * every message names the field and what to do.
 */

export const DISCOUNT_CODE_MAX = 30
export const SCOPE_CATEGORIES_MAX = 50
export const SCOPE_PRODUCTS_MAX = 200
const PRODUCT_IDS_TEXT_MAX = 10_000
export const USES_MAX = 1_000_000
/** The most a staff member may put on one gift card. */
export const GIFT_CARD_MAX_CENTS = 50_000_00
export const GIFT_CARD_NOTE_MAX = 500

const CODE_ASK = `Use 3 to ${DISCOUNT_CODE_MAX} letters, digits, dashes or underscores for the code, e.g. SUMMER10`

/** The code staff give a discount: blank is null (an automatic offer); kept upper-case. */
const adminCode = z
  .string()
  .max(DISCOUNT_CODE_MAX, CODE_ASK)
  .transform(normalizeDiscountCode)
  .refine((code) => code === '' || DISCOUNT_CODE_PATTERN.test(code), CODE_ASK)
  .optional()
  .transform((code) => (code ? code : null))

const KIND_ASK = 'Choose a percent off the items, an amount off the order, or free delivery'
const kind = z.enum(DISCOUNT_KINDS, { errorMap: () => ({ message: KIND_ASK }) })

const PERCENT_ASK = 'Enter the percent off as a whole number from 1 to 100, e.g. 10'
const AMOUNT_ASK = 'Enter the amount off in rands, e.g. 50.00'

/** "10", "10 %" -> 10: a whole percent from 1 to 100, or null. */
export function parsePercent(text: string): number | null {
  const match = /^(\d{1,3})\s*%?$/.exec(text.trim())
  if (!match) return null
  const percent = Number(match[1])
  return percent >= 1 && percent <= 100 ? percent : null
}

/** Optional whole number of uses from 1: blank is null (no limit). */
function usesLimit(ask: string) {
  return z
    .string({ invalid_type_error: ask })
    .trim()
    .transform((value) => value.replace(/[\s\u00a0]/g, ''))
    .refine((value) => value === '' || /^\d{1,7}$/.test(value), ask)
    .transform((value) => (value === '' ? null : Number(value)))
    .refine((n) => n === null || (n >= 1 && n <= USES_MAX), ask)
    .optional()
    .transform((n) => n ?? null)
}

/** A start or end in SAST, `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`: blank is null, else the ISO instant. */
function sastInstant(edge: SastEdge) {
  const label = edge === 'start' ? 'start' : 'end'
  const ask = `Enter the ${label} as a date like 2025-12-01, or a date and time like 2025-12-01T18:00 (South African time), or leave it empty`
  return z
    .string({ invalid_type_error: ask })
    .max(40, ask)
    .transform((value, ctx) => {
      if (value.trim() === '') return null
      const iso = parseSastInstant(value, edge)
      if (iso === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: ask })
        return z.NEVER
      }
      return iso
    })
    .optional()
    .transform((iso) => iso ?? null)
}

const CATEGORY_ASK = 'Tick categories from the list'
const categories = z
  .array(
    z
      .string({ invalid_type_error: CATEGORY_ASK })
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, CATEGORY_ASK),
  )
  .max(SCOPE_CATEGORIES_MAX, `Tick at most ${SCOPE_CATEGORIES_MAX} categories`)
  .optional()
  .transform((list) => [...new Set(list ?? [])])

const PROVINCE_ASK = 'Tick provinces from the list of the nine'
/** Where the discount applies: the delivery address's province, ticked; none ticked: anywhere. */
const provinces = z
  .array(
    z
      .string({ invalid_type_error: PROVINCE_ASK })
      .refine((value): value is Province => PROVINCES.includes(value as Province), PROVINCE_ASK),
  )
  .max(PROVINCES.length, PROVINCE_ASK)
  .optional()
  .transform((list) => [...new Set((list ?? []) as Province[])])

/** Product ids in one text field, separated by commas, spaces or new lines. */
const productIds = z
  .string({ invalid_type_error: 'Write product ids separated by commas' })
  .max(PRODUCT_IDS_TEXT_MAX, 'Write fewer product ids: at most 200')
  .transform((text, ctx) => {
    const ids = [...new Set(text.split(/[\s,;]+/).filter(Boolean))]
    const bad = ids.find((id) => !PRODUCT_ID_PATTERN.test(id))
    if (bad !== undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `"${bad.slice(0, 40)}" is not a product id: use the ids shown in Products, e.g. rooibos-tea, separated by commas`,
      })
      return z.NEVER
    }
    if (ids.length > SCOPE_PRODUCTS_MAX) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `A discount may name at most ${SCOPE_PRODUCTS_MAX} products; use categories for more`,
      })
      return z.NEVER
    }
    return ids
  })
  .optional()
  .transform((ids) => ids ?? [])

/**
 * The /admin/discounts form (`intent=save`): a code, or an automatic offer without one. Its value
 * is the discount as the store takes it (DiscountDraft): `value` becomes a percent or cents by
 * `kind` (0 for free delivery), `minSpend` cents, the scope lists, SAST dates ISO instants.
 */
export const discountFormSchema = z
  .object({
    intent: z.literal('save', {
      errorMap: () => ({ message: 'Use the Save button on the page' }),
    }),
    code: adminCode,
    kind,
    value: z.string({ invalid_type_error: 'Enter the value' }).max(30).optional(),
    minSpend: randsAmount('minimum spend')
      .optional()
      .transform((cents) => cents ?? null),
    categories,
    productIds,
    provinces,
    startsAt: sastInstant('start'),
    endsAt: sastInstant('end'),
    usageLimit: usesLimit(
      'Enter the total number of uses as a whole number from 1, or leave it empty for no limit',
    ),
    perCustomerLimit: usesLimit(
      'Enter the uses per customer as a whole number from 1, or leave it empty for no limit',
    ),
    automatic: checkbox,
    active: checkbox,
  })
  .transform((form, ctx): { intent: 'save' } & DiscountDraft => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
    if (!form.automatic && form.code === null) {
      issue(
        'code',
        'Enter the code shoppers type, e.g. SUMMER10, or tick Automatic for an offer without a code',
      )
    }
    if (form.automatic && form.code !== null) {
      issue('code', 'An automatic offer has no code: clear the code or untick Automatic')
    }
    let value = 0
    if (form.kind === 'percent') {
      value = parsePercent(form.value ?? '') ?? 0
      if (value === 0) issue('value', PERCENT_ASK)
    } else if (form.kind === 'amount') {
      value = parseRandsToCents(form.value ?? '') ?? 0
      if (value === 0) issue('value', AMOUNT_ASK)
    }
    if (form.startsAt !== null && form.endsAt !== null && form.endsAt <= form.startsAt) {
      issue('endsAt', 'The end must come after the start: change the end or the start')
    }
    if (
      form.usageLimit !== null &&
      form.perCustomerLimit !== null &&
      form.perCustomerLimit > form.usageLimit
    ) {
      issue(
        'perCustomerLimit',
        `The uses per customer cannot be more than the total of ${form.usageLimit}: lower it or leave it empty`,
      )
    }
    return {
      intent: 'save',
      code: form.code,
      kind: form.kind,
      value,
      minSpendCents: form.minSpend,
      scope: {
        categories: form.categories,
        productIds: form.productIds,
        ...(form.provinces.length > 0 ? { provinces: form.provinces } : {}),
      },
      startsAt: form.startsAt,
      endsAt: form.endsAt,
      usageLimit: form.usageLimit,
      perCustomerLimit: form.perCustomerLimit,
      automatic: form.automatic,
      active: form.active,
    }
  })

export type DiscountForm = z.output<typeof discountFormSchema>

const SHOPPER_CODE_ASK = 'Enter your discount code'

/**
 * A discount code as a shopper types it (or as `/discount/{code}` carries it): upper-cased. A code
 * that cannot be one of ours is refused here with the words an unknown code gets.
 */
export const discountCode = z
  .string({ required_error: SHOPPER_CODE_ASK, invalid_type_error: SHOPPER_CODE_ASK })
  .trim()
  .min(1, SHOPPER_CODE_ASK)
  .max(DISCOUNT_CODE_MAX, 'We do not know that code: check it and try again')
  .transform(normalizeDiscountCode)
  .refine(
    (code) => DISCOUNT_CODE_PATTERN.test(code),
    'We do not know that code: check it and try again',
  )

/** `/cart` and `/checkout`: apply a discount code. */
export const applyDiscountSchema = z.object({
  intent: z.literal('apply-discount'),
  code: discountCode,
})
/** `/cart` and `/checkout`: take the code off. */
export const removeDiscountSchema = z.object({ intent: z.literal('remove-discount') })

const GIFT_CARD_ASK = 'Enter the gift card code'
const GIFT_CARD_SHAPE = `Enter the ${GIFT_CARD_CODE_LENGTH}-character code from the gift card, e.g. ABCD-EFGH-JKMN-PQRS`

/** A gift card code as typed: case, spaces and dashes ignored; normalised (16 characters). */
export const giftCardCode = z
  .string({ required_error: GIFT_CARD_ASK, invalid_type_error: GIFT_CARD_ASK })
  .trim()
  .min(1, GIFT_CARD_ASK)
  .max(60, GIFT_CARD_SHAPE)
  .transform(normalizeGiftCardCode)
  .refine(isGiftCardCode, GIFT_CARD_SHAPE)

/** Checkout: pay with a gift card. */
export const applyGiftCardSchema = z.object({
  intent: z.literal('apply-gift-card'),
  giftCardCode,
})
/** Checkout: stop paying with the gift card. */
export const removeGiftCardSchema = z.object({ intent: z.literal('remove-gift-card') })

/** `/gift-card`: a card's balance by its code (field `code`). */
export const giftCardBalanceSchema = z.object({ code: giftCardCode })

/** The promotion buttons of the cart and checkout, told apart by `intent`. */
export const promotionFormSchema = z.discriminatedUnion(
  'intent',
  [applyDiscountSchema, removeDiscountSchema, applyGiftCardSchema, removeGiftCardSchema],
  { errorMap: () => ({ message: 'Use one of the buttons on the page' }) },
)

const RECIPIENT_ASK =
  "Enter the recipient's email address like name@example.co.za, or leave it empty"

/** `/admin/gift-cards` (`intent=issue`): a new card, mailed to the recipient when one is given. */
/**
 * A back-office form's one-time key (hidden, made fresh each time the page renders, like checkout's
 * `checkoutKey`): the store acts on a key once, so a double post without JavaScript gives one card
 * or one credit. A malformed or missing key acts without the repeat check rather than showing an
 * error staff cannot fix.
 */
export const formKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/)
  .optional()
  .catch(undefined)

export const issueGiftCardSchema = z.object({
  intent: z.literal('issue', {
    errorMap: () => ({ message: 'Use the Issue button on the page' }),
  }),
  // A pipe, not a refine: the refine would also see a refused amount.
  amount: randsAmount('amount').pipe(
    z
      .number()
      .max(GIFT_CARD_MAX_CENTS, `Enter an amount of at most ${formatRand(GIFT_CARD_MAX_CENTS)}`),
  ),
  recipientEmail: z
    .string({ invalid_type_error: RECIPIENT_ASK })
    .trim()
    .max(EMAIL_MAX, `Keep the email address to ${EMAIL_MAX} characters or fewer`)
    .refine((value) => value === '' || z.string().email().safeParse(value).success, RECIPIENT_ASK)
    .optional()
    .transform((value) => (value ? value.toLowerCase() : null)),
  note: optionalText('the note', GIFT_CARD_NOTE_MAX),
  issueKey: formKey,
})
