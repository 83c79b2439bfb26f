// @vitest-environment jsdom
import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs } from '@remix-run/node'
import { createRemixStub } from '@remix-run/testing'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import remixConfig from '../../../remix.config.js'
import { renderRouteWithoutJs } from '../../../test/render-route'

import { cartTotals } from '~/lib/cart/rules'
import { cartFormSchema } from '~/lib/cart/schema'

import { AddOneForm } from './add-one-form'
import { AddToCartForm } from './add-to-cart-form'

/**
 * The product page's form (or a card's, `showQuantity` false) with JavaScript, and a stand-in
 * /cart action answering as the real one does.
 */
function renderWithCart(answer: (formData: FormData) => unknown, showQuantity = true) {
  const Form = showQuantity ? AddToCartForm : AddOneForm
  const posted: FormData[] = []
  const Stub = createRemixStub([
    {
      path: '/shop/rooibos',
      Component: () => <Form productId="rooibos" productName="Rooibos tea" stock={3} />,
    },
    {
      path: '/cart',
      action: async ({ request }: ActionFunctionArgs) => {
        const formData = await request.formData()
        posted.push(formData)
        return answer(formData)
      },
    },
    // The mini-cart a successful add opens reads the cart here (mini-cart.test.tsx tests it).
    {
      path: '/api/cart',
      loader: () => ({ lines: [], totals: cartTotals([]), hasProblems: false }),
    },
  ])
  render(<Stub initialEntries={['/shop/rooibos']} future={remixConfig.future} />)
  return posted
}

describe('AddToCartForm', () => {
  it('posts intent=add to /cart with a quantity up to what is in stock, and comes back here', () => {
    // The way back keeps what the page reads (the reviews' page), not an advert's tracking tag:
    // the page cache serves this HTML for every URL that differs only in such tags.
    renderRouteWithoutJs(
      <AddToCartForm productId="rooibos" productName="Rooibos tea" stock={3} />,
      {
        url: '/shop/rooibos?reviewPage=2&utm_source=mail',
      },
    )
    const form = screen.getByRole('form', { name: 'Add Rooibos tea to cart' })
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveAttribute('action', '/cart')
    const quantity = within(form).getByRole('combobox', { name: 'Quantity' })
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3'])
    expect(form).toHaveFormValues({
      productId: 'rooibos',
      quantity: '1',
      redirectTo: '/shop/rooibos?reviewPage=2',
    })
    expect(within(form).getByRole('button', { name: 'Add to cart' })).toHaveAttribute(
      'value',
      'add',
    )
  })

  it('offers at most 10 however much is in stock', () => {
    renderRouteWithoutJs(<AddToCartForm productId="honey" productName="Fynbos honey" stock={40} />)
    expect(screen.getByRole('combobox', { name: 'Quantity' })).toHaveLength(10)
  })

  it('says "Sold out" without a form or button when nothing is left', () => {
    renderRouteWithoutJs(<AddToCartForm productId="honey" productName="Fynbos honey" stock={0} />)
    expect(screen.getByText('Sold out')).toBeInTheDocument()
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('adds through a fetcher and opens the mini-cart saying what the cart did', async () => {
    const posted = renderWithCart((formData) => ({
      result: parseWithZod(formData, { schema: cartFormSchema }).reply(),
      intent: 'add',
      productId: 'rooibos',
      done: { quantity: 2, count: 2, message: 'Added 2 × Rooibos tea to your cart' },
    }))
    const user = userEvent.setup()
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Quantity' }), '2')
    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByRole('dialog', { name: 'Your cart' })).toHaveAccessibleDescription(
      'Added 2 × Rooibos tea to your cart',
    )
    expect(Object.fromEntries(posted[0]!)).toMatchObject({
      intent: 'add',
      productId: 'rooibos',
      quantity: '2',
      fetcher: '1',
    })
  })

  it('shows a refusal beside the quantity, and a problem of the product for the whole form', async () => {
    let reply: 'quantity' | 'product' = 'quantity'
    renderWithCart((formData) => {
      const submission = parseWithZod(formData, { schema: cartFormSchema })
      return Response.json(
        {
          result: submission.reply(
            reply === 'quantity'
              ? { fieldErrors: { quantity: ['Only 3 left of Rooibos tea'] } }
              : { formErrors: ['Rooibos tea is sold out'] },
          ),
          intent: 'add',
          productId: 'rooibos',
        },
        { status: 400 },
      )
    })
    const user = userEvent.setup()
    const quantity = await screen.findByRole('combobox', { name: 'Quantity' })
    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByText('Only 3 left of Rooibos tea')).toBeInTheDocument()
    expect(quantity).toHaveAttribute('aria-invalid', 'true')
    expect(quantity).toHaveAccessibleDescription('Only 3 left of Rooibos tea')

    reply = 'product'
    await user.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Rooibos tea is sold out')
  })

  it('on a card, adds one and shows the cart’s refusal', async () => {
    const posted = renderWithCart(
      (formData) =>
        Response.json(
          {
            result: parseWithZod(formData, { schema: cartFormSchema }).reply({
              formErrors: ['Rooibos tea is sold out'],
            }),
            intent: 'add',
            productId: 'rooibos',
          },
          { status: 400 },
        ),
      false,
    )
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Rooibos tea is sold out')
    expect(Object.fromEntries(posted[0]!)).toMatchObject({ intent: 'add', quantity: '1' })
  })
})
