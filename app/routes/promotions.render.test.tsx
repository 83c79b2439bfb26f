// @vitest-environment jsdom
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../test/render-route'

import { cartTotals } from '~/lib/cart/rules'
import type { DeliveryQuote } from '~/lib/checkout/delivery'
import { CHECKOUT_ADDRESS_FIELDS } from '~/lib/checkout/schema'
import { promotionFormSchema } from '~/lib/promotions/fields'
import { storedDiscount } from '~/lib/promotions/promotions.test-helper'
import { NO_PROMOTIONS, cartPromotionData } from '~/lib/promotions/summary.test-helper'
import { promotionCartOf, summarize } from '~/lib/promotions/summary'
import type { Discount } from '~/lib/promotions/types'

import CartPage from './cart'
import CheckoutPage from './checkout'

/*
 * The discount code and gift card forms and the discount lines on /cart and /checkout: each
 * discount its own line with why, a refused code's reason on its field, and at checkout the
 * free delivery, gift card and PayFast's part following the delivery method picked.
 */

const rusks = {
  productId: 'rusks',
  variantId: 'rusks',
  name: 'Buttermilk rusks',
  category: 'pantry',
  options: [],
  image: null,
  unitPriceCents: 65_00,
  previousPriceCents: null,
  quantity: 2,
  maxQuantity: 10,
  lineTotalCents: 130_00,
  problem: null,
}

function code(over: Partial<Discount>): Discount {
  return storedDiscount({
    id: 'd-1',
    code: 'SAVE10',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  })
}

/** A term's value in the totals. */
const valueOf = (term: RegExp) => screen.getByText(term, { selector: 'dt' }).nextElementSibling

function cartData(discount: Discount | null) {
  const inputs = { ...NO_PROMOTIONS, code: discount?.code ?? null, codeDiscount: discount }
  const base = cartPromotionData([rusks])
  const summary = summarize(promotionCartOf([rusks], base.delivery?.priceCents ?? null), inputs, {
    giftCard: null,
    storeCreditCents: 0,
  })
  return {
    lines: [rusks],
    hasProblems: false,
    ...base,
    summary: {
      lines: summary.lines,
      totals: summary.totals,
      codeRefusal: summary.codeRefusal,
      payment: summary.payment,
    },
    appliedCode: inputs.code,
  }
}

describe('/cart promotions', () => {
  it('without JS: the applied code is its own line saying why, with a Remove button and the code form', () => {
    renderRouteWithoutJs(CartPage, { url: '/cart', loaderData: cartData(code({})) })
    expect(valueOf(/^Code SAVE10: 10% off/)).toHaveTextContent('−R 13,00')
    expect(screen.getByText(/^Code SAVE10: 10% off/, { selector: 'dt' })).toHaveTextContent(
      'Your code SAVE10: 10% of R 130,00 for your items is R 13,00, rounded to the cent',
    )
    // R 130 less R 13, and the R 89 estimate (standard delivery to the main centres, under 2 kg).
    expect(valueOf(/^Total$/)).toHaveTextContent('R 206,00')
    const remove = screen.getByRole('button', { name: 'Remove Code SAVE10' })
    expect(remove.closest('form')).toHaveFormValues({ intent: 'remove-discount' })
    expect(remove.closest('form')).toHaveAttribute('action', '/cart')
    const field = screen.getByRole('textbox', { name: 'Discount code' })
    expect(field).toHaveAttribute('name', 'code')
    expect(field.closest('form')).toHaveFormValues({ intent: 'apply-discount' })
  })

  it('says why a code kept from a link does not apply to this cart yet', () => {
    renderRouteWithoutJs(CartPage, {
      url: '/cart',
      loaderData: cartData(
        code({ code: 'BIG', kind: 'amount', value: 100_00, minSpendCents: 500_00 }),
      ),
    })
    expect(
      screen.getByText(
        'Code BIG needs a spend of R 500,00 or more; your items come to R 130,00 (add R 370,00 more).',
      ),
    ).toBeInTheDocument()
    expect(valueOf(/^Total$/)).toHaveTextContent('R 219,00')
    expect(screen.getByRole('button', { name: 'Remove Code BIG' })).toBeInTheDocument()
  })

  it('with JS: a refused code shows its reason on the field, and the page stays', async () => {
    renderRoute(CartPage, {
      url: '/cart',
      loaderData: cartData(null),
      action: async ({ request }) => {
        const submission = parseWithZod(await request.formData(), { schema: promotionFormSchema })
        return data(
          {
            form: 'promotion',
            intent: 'apply-discount',
            result: submission.reply({
              fieldErrors: { code: ['Code OLD ran until 31 December 2025 and has ended'] },
            }),
          },
          { status: 400 },
        )
      },
    })
    const field = screen.getByRole('textbox', { name: 'Discount code' })
    await userEvent.type(field, 'old')
    await userEvent.click(screen.getByRole('button', { name: 'Apply code' }))
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'Code OLD ran until 31 December 2025 and has ended',
      ),
    )
    expect(field).toHaveAttribute('aria-invalid', 'true')
    // An empty code is refused in the browser already.
    await userEvent.clear(field)
    await userEvent.click(screen.getByRole('button', { name: 'Apply code' }))
    await waitFor(() => expect(field).toHaveAccessibleDescription('Enter your discount code'))
  })
})

const quote: DeliveryQuote = {
  addressKnown: true,
  selected: 'collect',
  options: [
    {
      id: 'collect',
      kind: 'collect',
      name: 'Collect in store',
      priceCents: 0,
      estimate: null,
      place: null,
    },
    {
      id: 'standard',
      kind: 'standard',
      name: 'Standard delivery',
      priceCents: 99_00,
      estimate: '1–3 working days',
      place: null,
    },
  ],
}

function checkoutData() {
  return {
    signedIn: false,
    prefill: Object.fromEntries(
      ['email', 'firstName', 'lastName', 'phone', ...CHECKOUT_ADDRESS_FIELDS].map((name) => [
        name,
        '',
      ]),
    ),
    delivery: quote,
    savedAddresses: [],
    canSaveAddress: false,
    lines: [rusks],
    totals: cartTotals([rusks]),
    hasProblems: false,
    checkoutKey: 'render-test-checkout-key',
    promotions: {
      inputs: {
        ...NO_PROMOTIONS,
        code: 'FREESHIP',
        codeDiscount: code({ code: 'FREESHIP', kind: 'free_shipping', value: 0 }),
      },
      cartLines: promotionCartOf([rusks], null).lines,
      sources: {
        giftCard: { maskedCode: '••••-••••-••••-PQRS', availableCents: 50_00 },
        storeCreditCents: 0,
      },
      giftCardRefusal: null,
    },
  }
}

describe('/checkout promotions', () => {
  it('with JS: free delivery, the gift card and PayFast’s part follow the method picked', async () => {
    renderRoute(CheckoutPage, { url: '/checkout', loaderData: checkoutData() })
    const codes = within(screen.getByRole('region', { name: 'Discount code and gift card' }))
    expect(codes.getByText('Gift card ••••-••••-••••-PQRS (R 50,00 to spend) applied')).toBeTruthy()
    expect(valueOf(/^Code FREESHIP: free delivery/)).toHaveTextContent('Free delivery')
    expect(valueOf(/^To pay with PayFast$/)).toHaveTextContent('R 80,00')

    await userEvent.click(screen.getByRole('radio', { name: /Standard delivery/ }))
    await waitFor(() =>
      expect(valueOf(/^Code FREESHIP: free delivery/)).toHaveTextContent('−R 99,00'),
    )
    expect(valueOf(/^Delivery: Standard delivery$/)).toHaveTextContent('R 99,00')
    expect(valueOf(/^Total$/)).toHaveTextContent('R 130,00')
    expect(valueOf(/^Gift card/)).toHaveTextContent('−R 50,00')
    expect(valueOf(/^To pay with PayFast$/)).toHaveTextContent('R 80,00')
    expect(screen.getByRole('textbox', { name: 'Gift card code' })).toHaveAttribute(
      'name',
      'giftCardCode',
    )
  })
  it('without JS: the button says Place order when the gift card pays all, Pay with PayFast when not', () => {
    /** Checkout with a card worth `cents`, the delivery as quoted. */
    const withCard = (cents: number, delivery: DeliveryQuote) => {
      const base = checkoutData()
      return {
        ...base,
        delivery,
        promotions: {
          ...base.promotions,
          inputs: NO_PROMOTIONS,
          sources: {
            giftCard: { maskedCode: '••••-••••-••••-PQRS', availableCents: cents },
            storeCreditCents: 0,
          },
        },
      }
    }
    const standard = { ...quote, selected: 'standard' }
    const button = () => screen.getByRole('button', { name: /Place order|Pay with PayFast/ })

    // The total is known (R 130 and R 99 delivery) and the R 300 card pays it all.
    const known = renderRouteWithoutJs(CheckoutPage, {
      url: '/checkout',
      loaderData: withCard(300_00, standard),
    })
    expect(button()).toHaveTextContent('Place order')
    expect(
      screen.getByText(
        'Your gift card and store credit pay for all of it: nothing is left to pay with PayFast.',
      ),
    ).toBeInTheDocument()
    known.unmount()

    // R 200 pays the items but not all of R 229: PayFast is asked for the rest.
    const short = renderRouteWithoutJs(CheckoutPage, {
      url: '/checkout',
      loaderData: withCard(200_00, standard),
    })
    expect(button()).toHaveTextContent('Pay with PayFast')
    short.unmount()

    // A guest's delivery is not priced yet: a card paying every item still places the order first.
    const unpriced: DeliveryQuote = {
      addressKnown: false,
      selected: 'standard',
      options: [{ ...quote.options[1]!, priceCents: null, estimate: null }],
    }
    renderRouteWithoutJs(CheckoutPage, {
      url: '/checkout',
      loaderData: withCard(200_00, unpriced),
    })
    expect(button()).toHaveTextContent('Place order')
    expect(
      screen.getByText(/pay for your items; any delivery they do not cover is paid with PayFast/),
    ).toBeInTheDocument()
  })
})
