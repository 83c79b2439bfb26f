import { type SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { randomBytes } from 'node:crypto'

import { DuplicateDiscountCodeError, type Store } from '~/lib/data/store'
import type { User } from '~/lib/data/types'
import { notFound } from '~/lib/http.server'
import { giftCardMail } from '~/lib/mail/gift-card.server'
import { mailContext } from '~/lib/mail/messages.server'
import { formatRand } from '~/lib/money'
import { discountFormSchema, issueGiftCardSchema } from '~/lib/promotions/fields'
import { maskGiftCardCode } from '~/lib/promotions/gift-cards'
import type { Discount } from '~/lib/promotions/types'
import { claimLimits, giveBack } from '~/lib/rate-limit.server'
import { parseSubmission } from '~/lib/submission.server'

import { ADMIN_HEADERS } from './headers'
import { adminRedirectWithToast } from './http.server'
import { pageCount, pageParam, pageSlice } from './paging'
import { productCategories } from './products.server'
import { giveCreditSchema } from './promotions'

/**
 * /admin/discounts and /admin/gift-cards (docs/contracts.md "Promotions and gift cards"): the
 * lists, the discount form's save, switching a discount or a card on and off, issuing a card
 * (mailed to its recipient) and giving a customer store credit. Every change is recorded with the
 * staff member's email; bad input is a 400 with each message beside its field.
 */

export type PromotionIntent = 'save' | 'activate' | 'deactivate' | 'issue' | 'give-credit'

export type PromotionActionData = {
  /** Which of the page's forms the reply belongs to. */
  intent: PromotionIntent | null
  result: SubmissionResult<string[]>
}

function refuse(intent: PromotionIntent | null, result: SubmissionResult<string[]>) {
  return data<PromotionActionData>({ intent, result }, { status: 400, headers: ADMIN_HEADERS })
}

/** The ids the store makes: a URL naming anything else is the 404 page. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/

export function promotionIdOf(id: string | undefined): string {
  if (!id || !ID_PATTERN.test(id)) throw notFound()
  return id
}

export async function listDiscounts(store: Pick<Store, 'discounts'>, url: URL) {
  const page = pageParam(url.searchParams)
  const { items, total } = await store.discounts.list(pageSlice(page))
  return { page, discounts: items, total, pageCount: pageCount(total) }
}

/** The categories the form offers: the catalogue's, plus any the discount names that it lacks. */
export async function discountCategories(discount: Discount | null) {
  const list = await productCategories()
  for (const slug of discount?.scope.categories ?? []) {
    if (!list.some((c) => c.slug === slug)) list.push({ slug, name: slug })
  }
  return list
}

/** Orders a discount's page lists: the latest claims, released ones included. */
export const DISCOUNT_USES_SHOWN = 50

export async function loadDiscount(store: Pick<Store, 'discounts'>, id: string) {
  const discount = await store.discounts.get(id)
  if (!discount) throw notFound()
  const [categories, uses] = await Promise.all([
    discountCategories(discount),
    store.discounts.listUses(id, { offset: 0, limit: DISCOUNT_USES_SHOWN }),
  ])
  return { discount, categories, uses: uses.items, usesTotal: uses.total }
}

const discountName = (discount: Pick<Discount, 'code'>) =>
  discount.code === null ? 'The automatic offer' : `Code ${discount.code}`

/**
 * POST /admin/discounts/new (id null) and /admin/discounts/:id: `intent=save` creates or saves
 * the discount; `intent=activate` / `deactivate` switches it on or off.
 */
export async function discountAction({
  store,
  formData,
  staff,
  id,
}: {
  store: Pick<Store, 'discounts'>
  formData: FormData
  staff: Pick<User, 'email'>
  id: string | null
}) {
  const existing = id === null ? null : await store.discounts.get(id)
  if (id !== null && !existing) throw notFound()
  const audit = { by: staff.email }
  const intent = formData.get('intent')

  if (existing && (intent === 'activate' || intent === 'deactivate')) {
    const saved = await store.discounts.setActive(existing.id, intent === 'activate', audit)
    if (!saved) throw notFound()
    return adminRedirectWithToast(`/admin/discounts/${saved.id}`, {
      type: 'success',
      title: saved.active ? 'Discount switched on' : 'Discount switched off',
      description: `${discountName(saved)} ${saved.active ? 'applies again' : 'applies to nothing now'}`,
    })
  }

  const submission = parseSubmission(formData, { schema: discountFormSchema })
  if (submission.status !== 'success') return refuse('save', submission.reply())
  const { intent: _save, ...draft } = submission.value
  let saved: Discount | null
  try {
    saved = existing
      ? await store.discounts.update(existing.id, draft, audit)
      : await store.discounts.create(draft, audit)
  } catch (error) {
    if (error instanceof DuplicateDiscountCodeError) {
      return refuse(
        'save',
        submission.reply({
          fieldErrors: {
            code: [
              `Another discount already has the code ${draft.code ?? ''}: choose a different code`,
            ],
          },
        }),
      )
    }
    if (error instanceof RangeError) {
      return refuse('save', submission.reply({ formErrors: [error.message] }))
    }
    throw error
  }
  if (!saved) throw notFound()
  return adminRedirectWithToast(`/admin/discounts/${saved.id}`, {
    type: 'success',
    title: existing ? 'Discount saved' : 'Discount created',
    description: discountName(saved),
  })
}

/** A fresh one-time key for a rendering of a back-office form (its hidden `issueKey`, `creditKey`). */
export function newFormKey(): string {
  return randomBytes(16).toString('base64url')
}

/**
 * How long a store-credit form's key is remembered: a double post comes within seconds, and a page
 * left open longer than this and posted twice is a case staff would notice in the history.
 */
const CREDIT_KEY_WINDOW = { limit: 1, windowMs: 24 * 60 * 60 * 1000 } as const

export async function listGiftCards(store: Pick<Store, 'giftCards'>, url: URL) {
  const page = pageParam(url.searchParams)
  const { items, total } = await store.giftCards.list(pageSlice(page))
  return {
    /** The forms' one-time keys for this rendering. */
    formKeys: { issue: newFormKey(), credit: newFormKey() },
    page,
    total,
    pageCount: pageCount(total),
    cards: items.map(({ code, message: _m, ...card }) => ({
      ...card,
      maskedCode: maskGiftCardCode(code),
    })),
  }
}

export async function loadGiftCard(store: Pick<Store, 'giftCards'>, id: string) {
  const card = await store.giftCards.get(id)
  if (!card) throw notFound()
  return { card, history: await store.giftCards.history(id) }
}

/**
 * POST /admin/gift-cards: `intent=issue` issues a card (its code mailed to the recipient, when
 * given, in the same step) and opens its page; `intent=give-credit` adds store credit to the
 * account with that email. Each form's one-time key makes a double post act once: the card is
 * issued under `issueKey` (a repeat opens the same card), and `creditKey` is claimed once in the
 * store before the credit is given (a repeat gives nothing and says so).
 */
export async function giftCardsAction({
  store,
  formData,
  staff,
}: {
  store: Pick<Store, 'giftCards' | 'storeCredit' | 'users' | 'rateLimits'>
  formData: FormData
  staff: Pick<User, 'email'>
}) {
  if (formData.get('intent') === 'give-credit') {
    const submission = parseSubmission(formData, { schema: giveCreditSchema })
    if (submission.status !== 'success') return refuse('give-credit', submission.reply())
    const { email, amount, reason, creditKey } = submission.value
    const customer = await store.users.getByEmail(email)
    if (!customer) {
      return refuse(
        'give-credit',
        submission.reply({
          fieldErrors: {
            email: [
              `No account has the email ${email}: check the address (store credit needs the customer's account)`,
            ],
          },
        }),
      )
    }
    const onceKey = creditKey ? `admin-credit:${creditKey}` : null
    const once = onceKey
      ? await claimLimits(store.rateLimits, [{ key: onceKey, ...CREDIT_KEY_WINDOW }])
      : null
    if (once && !once.ok) {
      const now = await store.storeCredit.get(customer.id)
      return adminRedirectWithToast('/admin/gift-cards', {
        type: 'info',
        title: 'Store credit already given',
        description: `This form was sent twice: ${customer.email} was given the credit once; their credit is ${formatRand(now.balanceCents)}`,
      })
    }
    // NOTE: the form's key is claimed before the grant; a grant that fails gives it back, so
    // sending the form again gives the credit instead of saying it was given.
    const credit = await store.storeCredit
      .grant(customer.id, amount, { by: staff.email, note: reason })
      .catch(async (error: unknown) => {
        if (once?.ok && onceKey) await giveBack(store.rateLimits, once, [onceKey])
        throw error
      })
    return adminRedirectWithToast('/admin/gift-cards', {
      type: 'success',
      title: 'Store credit given',
      description: `${formatRand(amount)} to ${customer.email}; their credit is now ${formatRand(credit.balanceCents)}`,
    })
  }

  const submission = parseSubmission(formData, { schema: issueGiftCardSchema })
  if (submission.status !== 'success') return refuse('issue', submission.reply())
  const { amount, recipientEmail, note, issueKey } = submission.value
  const context = recipientEmail ? await mailContext() : null
  const card = await store.giftCards.issue(
    {
      amountCents: amount,
      issuedTo: recipientEmail,
      message: null,
      note,
      // A second post of the same form finds this card: one card, one mail.
      key: issueKey ? `admin-issue:${issueKey}` : null,
    },
    staff.email,
    context ? (issued) => [giftCardMail(issued, context)] : undefined,
  )
  return adminRedirectWithToast(`/admin/gift-cards/${card.id}`, {
    type: 'success',
    title: 'Gift card issued',
    description: recipientEmail
      ? `${formatRand(amount)}, its code mailed to ${recipientEmail}`
      : `${formatRand(amount)}: give the customer its code`,
  })
}

/** POST /admin/gift-cards/:id: `intent=activate` / `deactivate` restores or cancels the card. */
export async function giftCardAction({
  store,
  formData,
  staff,
  id,
}: {
  store: Pick<Store, 'giftCards'>
  formData: FormData
  staff: Pick<User, 'email'>
  id: string
}) {
  const intent = formData.get('intent')
  const card = await store.giftCards.get(id)
  if (!card) throw notFound()
  if (intent !== 'activate' && intent !== 'deactivate') {
    return refuse(null, {
      status: 'error',
      error: { '': ['Use the Cancel or Restore button on the page'] },
    })
  }
  const saved = await store.giftCards.setActive(id, intent === 'activate', { by: staff.email })
  if (!saved) throw notFound()
  return adminRedirectWithToast(`/admin/gift-cards/${id}`, {
    type: 'success',
    title: saved.active ? 'Gift card restored' : 'Gift card cancelled',
    description: maskGiftCardCode(saved.code),
  })
}
