// @vitest-environment jsdom
import { createRemixStub } from '@remix-run/testing'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../test/render-route'
import remixConfig from '../../remix.config.js'

import { cartTotals } from '~/lib/cart/rules'
import type { DeliveryQuote } from '~/lib/checkout/delivery'
import { checkoutPromotionData } from '~/lib/promotions/summary.test-helper'

import CheckoutPage from './checkout'

/*
 * Checkout's Delivery fieldset: the shippingMethod radio group with each method's price, estimate
 * and place, the cheapest checked, the summary's totals following the choice; without JavaScript
 * an "Update delivery options" button, with it a quote fetched as the address changes.
 */

const line = {
  variantId: 'rusks',
  name: 'Buttermilk rusks',
  options: [],
  quantity: 2,
  lineTotalCents: 13_000,
  problem: null,
}

const PARGO = {
  heading: 'Pickup point',
  name: 'Pargo at Gardens Centre',
  lines: ['Mill Street', 'Gardens, Cape Town', 'Western Cape, 8001'],
  hours: 'Mon–Sat 9:00–18:00',
  phone: null,
}

const capeTown: DeliveryQuote = {
  addressKnown: true,
  selected: 'collect',
  options: [
    {
      id: 'collect',
      kind: 'collect',
      name: 'Collect in store',
      priceCents: 0,
      estimate: 'Ready within 1 working day',
      place: {
        heading: 'Collect from',
        name: 'Karoo & Co. Woodstock',
        lines: ['100 Albert Road', 'Woodstock, Cape Town', 'Western Cape, 7925'],
        hours: 'Mon–Fri 9:00–17:00',
        phone: '021 447 1234',
      },
    },
    {
      id: 'standard',
      kind: 'standard',
      name: 'Standard delivery',
      priceCents: 9_900,
      estimate: '1–3 working days',
      place: null,
    },
    {
      id: 'pickup:demo-cpt-gardens',
      kind: 'pickup',
      name: 'Pargo at Gardens Centre',
      priceCents: 9_900,
      estimate: '1–3 working days',
      place: PARGO,
    },
    {
      id: 'bobgo:ONX',
      kind: 'bobgo',
      name: 'Courier overnight',
      priceCents: 18_550,
      estimate: 'Arrives 3 March',
      place: null,
    },
  ],
}

const noAddress: DeliveryQuote = {
  addressKnown: false,
  selected: 'standard',
  options: [
    {
      id: 'standard',
      kind: 'standard',
      name: 'Standard delivery',
      priceCents: null,
      estimate: null,
      place: null,
    },
  ],
}

function loaderData(delivery: DeliveryQuote) {
  return {
    signedIn: false,
    prefill: {
      email: '',
      firstName: '',
      lastName: '',
      phone: '',
      addressId: '',
      line1: '',
      line2: '',
      suburb: '',
      city: '',
      province: '',
      postalCode: '',
    },
    delivery,
    savedAddresses: [],
    canSaveAddress: false,
    lines: [line],
    totals: cartTotals([{ unitPriceCents: 6_500, quantity: 2 }]),
    hasProblems: false,
    checkoutKey: 'render-test-checkout-key',
    ...checkoutPromotionData([{ productId: 'rusks', unitPriceCents: 6_500, quantity: 2 }]),
  }
}

/** A term's value in the summary's totals. */
const valueOf = (term: RegExp) =>
  within(screen.getByRole('region', { name: 'Order summary' })).getByText(term, {
    selector: 'dt',
  }).nextElementSibling

describe('/checkout delivery options', () => {
  it('without JS: each method with its price, estimate and place, the cheapest checked, and a button to update them', () => {
    renderRouteWithoutJs(CheckoutPage, { url: '/checkout', loaderData: loaderData(capeTown) })
    const group = screen.getByRole('group', { name: 'Delivery' })
    const radios = within(group).getAllByRole('radio')
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual([
      'collect',
      'standard',
      'pickup:demo-cpt-gardens',
      'bobgo:ONX',
    ])
    expect(radios.every((radio) => radio.getAttribute('name') === 'shippingMethod')).toBe(true)
    expect(within(group).getByRole('radio', { name: /Collect in store/ })).toBeChecked()
    expect(
      within(group)
        .getByRole('radio', { name: /Collect in store/ })
        .closest('label'),
    ).toHaveTextContent(
      'Collect in storeFreeReady within 1 working dayKaroo & Co. Woodstock, 100 Albert Road, Woodstock, Cape Town, Western Cape, 7925 · Mon–Fri 9:00–17:00',
    )
    expect(
      within(group)
        .getByRole('radio', { name: /Pickup point: Pargo at Gardens Centre/ })
        .closest('label'),
    ).toHaveTextContent('R 99,00')
    expect(
      within(group)
        .getByRole('radio', { name: /Pickup point: Pargo at Gardens Centre/ })
        .closest('label'),
    ).toHaveTextContent('Mill Street, Gardens, Cape Town, Western Cape, 8001 · Mon–Sat 9:00–18:00')
    const update = within(group).getByRole('button', { name: 'Update delivery options' })
    expect(update).toHaveAttribute('name', 'intent')
    expect(update).toHaveAttribute('value', 'quote')
    expect(update).toHaveAttribute('formnovalidate')
    expect(screen.getByRole('form', { name: 'Your details' })).toHaveFormValues({
      shippingMethod: 'collect',
      shippingDefault: 'collect',
    })
    expect(valueOf(/^Delivery: Collect in store$/)).toHaveTextContent('Free')
    expect(valueOf(/^Total$/)).toHaveTextContent('R 130,00')
  })

  it('without an address yet: standard delivery checked, priced by the address, and the total says so', () => {
    renderRouteWithoutJs(CheckoutPage, { url: '/checkout', loaderData: loaderData(noAddress) })
    const group = screen.getByRole('group', { name: 'Delivery' })
    expect(group).toHaveTextContent('Enter your delivery address to see every way')
    expect(within(group).getByRole('radio', { name: /Standard delivery/ })).toBeChecked()
    expect(valueOf(/^Delivery: Standard delivery$/)).toHaveTextContent('From your address')
    expect(valueOf(/^Total$/)).toHaveTextContent('R 130,00 + delivery')
  })

  it('with JS: the totals follow the method picked, and a changed address brings its methods without a reload', async () => {
    const asked: URLSearchParams[] = []
    const springbok: DeliveryQuote = {
      addressKnown: true,
      selected: 'collect',
      options: [
        capeTown.options[0]!,
        { ...capeTown.options[3]! },
        { ...capeTown.options[1]!, priceCents: 19_900, estimate: '4–7 working days' },
      ],
    }
    const Stub = createRemixStub([
      { id: 'page', path: '/checkout', Component: CheckoutPage, loader: () => null },
      {
        path: '/checkout/delivery',
        loader: ({ request }) => {
          asked.push(new URL(request.url).searchParams)
          return springbok
        },
      },
    ])
    render(
      <Stub
        initialEntries={['/checkout']}
        hydrationData={{ loaderData: { page: loaderData(capeTown) } }}
        future={remixConfig.future}
      />,
    )
    const user = userEvent.setup()
    const group = screen.getByRole('group', { name: 'Delivery' })
    expect(
      within(group).queryByRole('button', { name: 'Update delivery options' }),
    ).not.toBeInTheDocument()

    await user.click(within(group).getByRole('radio', { name: /Courier overnight/ }))
    expect(valueOf(/^Delivery: Courier overnight$/)).toHaveTextContent('R 185,50')
    // R 130,00 + R 185,50; VAT 315.50 * 15 / 115 = 41.15.
    expect(valueOf(/^Total$/)).toHaveTextContent('R 315,50')
    expect(screen.getByText(/includes VAT of/)).toHaveTextContent('R 41,15')

    await user.type(screen.getByLabelText('Street address'), '3 Voortrekker Street')
    await user.type(screen.getByLabelText('Suburb'), 'Springbok')
    await user.type(screen.getByLabelText('City or town'), 'Springbok')
    await user.selectOptions(screen.getByLabelText('Province'), 'Northern Cape')
    await user.type(screen.getByLabelText('Postal code'), '8240')

    await waitFor(() => expect(valueOf(/^Delivery: Courier overnight$/)).toBeInTheDocument())
    await waitFor(() =>
      expect(
        within(group)
          .getByRole('radio', { name: /Standard delivery/ })
          .closest('label'),
      ).toHaveTextContent('R 199,00'),
    )
    // The method the shopper picked still applies there: it stays checked.
    expect(within(group).getByRole('radio', { name: /Courier overnight/ })).toBeChecked()
    expect(within(group).queryByRole('radio', { name: /Pargo/ })).not.toBeInTheDocument()
    const last = asked.at(-1)!
    expect(Object.fromEntries(last)).toMatchObject({
      line1: '3 Voortrekker Street',
      suburb: 'Springbok',
      city: 'Springbok',
      province: 'Northern Cape',
      postalCode: '8240',
      shippingMethod: 'bobgo:ONX',
    })
    // Asked once the typing rested, not once per key.
    expect(asked.length).toBeLessThan(5)
  })

  it('with JS: a method refused for the posted address shows why beside the group, with the methods that apply', async () => {
    const message =
      'Choose a delivery option for this address: Collect in store, Standard delivery.'
    const applying: DeliveryQuote = {
      addressKnown: true,
      selected: 'collect',
      options: [capeTown.options[0]!, capeTown.options[1]!],
    }
    const posts: FormData[] = []
    renderRoute(CheckoutPage, {
      url: '/checkout',
      loaderData: loaderData(capeTown),
      // A pause in the typing asks for the address's options, which are the page's own.
      resources: [{ path: '/checkout/delivery', loader: () => capeTown }],
      action: async ({ request }) => {
        const posted = await request.formData()
        posts.push(posted)
        return Response.json(
          {
            result: {
              status: 'error',
              initialValue: Object.fromEntries(posted),
              error: { shippingMethod: [message] },
            },
            delivery: applying,
          },
          { status: 400 },
        )
      },
    })
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), 'thandi@example.co.za')
    await user.type(screen.getByLabelText('First name'), 'Thandi')
    await user.type(screen.getByLabelText('Last name'), 'Mokoena')
    await user.type(screen.getByLabelText('Phone'), '082 123 4567')
    await user.type(screen.getByLabelText('Street address'), '12 Long Street')
    await user.type(screen.getByLabelText('Suburb'), 'Gardens')
    await user.type(screen.getByLabelText('City or town'), 'Cape Town')
    await user.selectOptions(screen.getByLabelText('Province'), 'Western Cape')
    await user.type(screen.getByLabelText('Postal code'), '8001')
    const group = screen.getByRole('group', { name: 'Delivery' })
    await user.click(within(group).getByRole('radio', { name: /Courier overnight/ }))
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }))
    await user.click(screen.getByRole('button', { name: 'Pay with PayFast' }))

    await waitFor(() => expect(group).toHaveAccessibleDescription(message))
    expect(posts.map((form) => form.get('shippingMethod'))).toEqual(['bobgo:ONX'])
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['collect', 'standard'])
    expect(within(group).getByRole('radio', { name: /Collect in store/ })).toBeChecked()
    expect(valueOf(/^Delivery: Collect in store$/)).toHaveTextContent('Free')
  })
})
