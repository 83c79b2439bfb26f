// @vitest-environment jsdom
import type { ActionFunctionArgs } from '@remix-run/node'
import { createRemixStub } from '@remix-run/testing'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import remixConfig from '../../../remix.config.js'

import type { CartViewLine } from '~/lib/cart/cart.server'
import { cartTotals } from '~/lib/cart/rules'
import { formatRand } from '~/lib/money'

import { AddOneForm } from './add-one-form'

/** A price as the page reads once whitespace is normalised (formatRand spaces with U+00A0). */
const rand = (cents: number) => formatRand(cents).replace(/\s/g, ' ')

/** A product card, and stand-ins for the /cart action and the /api/cart resource as the real ones answer. */
function renderCard({
  stock = 4,
  discounts = [],
}: {
  stock?: number
  discounts?: { discountId: string; label: string; amountCents: number }[]
} = {}) {
  const posted: Record<string, FormDataEntryValue>[] = []
  const line: CartViewLine = {
    productId: 'rooibos',
    variantId: 'rooibos',
    name: 'Rooibos tea',
    options: [],
    image: null,
    unitPriceCents: 9500,
    previousPriceCents: null,
    quantity: 2,
    maxQuantity: stock,
    lineTotalCents: 19000,
    problem: null,
  }
  const Stub = createRemixStub([
    {
      path: '/shop',
      Component: () => (
        <>
          <AddOneForm productId="rooibos" productName="Rooibos tea" stock={stock} />
          <a href="/faq">Questions</a>
        </>
      ),
    },
    {
      path: '/cart',
      action: async ({ request }: ActionFunctionArgs) => {
        const form = Object.fromEntries(await request.formData())
        posted.push(form)
        if (form.intent === 'update') line.quantity = Number(form.quantity)
        else line.quantity += 1
        line.lineTotalCents = line.unitPriceCents * line.quantity
        const message =
          form.intent === 'update'
            ? `Rooibos tea: quantity is now ${line.quantity}`
            : 'Added 1 × Rooibos tea to your cart'
        return {
          result: { status: 'success' },
          intent: form.intent,
          productId: 'rooibos',
          variantId: '',
          done: { quantity: line.quantity, count: line.quantity, message },
        }
      },
    },
    {
      path: '/api/cart',
      loader: () => ({
        lines: [{ ...line }],
        totals: cartTotals([line]),
        hasProblems: false,
        discounts,
      }),
    },
    { path: '/cart', Component: () => <h1>Cart page</h1> },
  ])
  render(<Stub initialEntries={['/shop']} future={remixConfig.future} />)
  return { posted, user: userEvent.setup() }
}

/** Presses "Add to cart" with the keyboard, as a shopper tabbing through the card would. */
async function addByKeyboard(user: ReturnType<typeof userEvent.setup>) {
  const add = await screen.findByRole('button', { name: 'Add to cart' })
  add.focus()
  await user.keyboard('{Enter}')
  const dialog = await screen.findByRole('dialog', { name: 'Your cart' })
  // The drawer takes focus in an effect once it has rendered (its code is loaded on the first add):
  // on a busy machine that can come a moment after it shows.
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))
  return { add, dialog }
}

describe('the mini-cart', () => {
  it('opens after an add, moves focus into it, and shows the lines, subtotal and free-delivery progress', async () => {
    const { user } = renderCard()
    const { dialog } = await addByKeyboard(user)
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveAccessibleDescription('Added 1 × Rooibos tea to your cart')
    expect(within(dialog).getByRole('button', { name: 'Close cart' })).toHaveFocus()

    const line = within(await within(dialog).findByRole('list', { name: 'Cart lines' })).getByRole(
      'listitem',
    )
    expect(within(line).getByRole('link', { name: 'Rooibos tea' })).toHaveAttribute(
      'href',
      '/shop/rooibos',
    )
    expect(
      within(line).getByRole('button', { name: 'One less Rooibos tea' }),
    ).toHaveAccessibleDescription('Quantity 3')
    expect(line).toHaveTextContent(`Line total ${rand(28500)}`)
    expect(within(dialog).getByText('Subtotal').nextElementSibling).toHaveTextContent(rand(28500))
    expect(within(dialog).getByText(`Add ${rand(71500)} more for free delivery.`)).toBeVisible()
    expect(
      within(dialog).getByRole('progressbar', {
        name: `Add ${formatRand(71500)} more for free delivery.`,
      }),
    ).toHaveAttribute('value', '28500')
    expect(within(dialog).getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart')
    expect(within(dialog).getByRole('link', { name: 'Check out' })).toHaveAttribute(
      'href',
      '/checkout',
    )
  })

  it('shows each discount off the items under the subtotal, as the cart judges it', async () => {
    const { user } = renderCard({
      discounts: [{ discountId: 'd-1', label: 'Code SAVE10: 10% off', amountCents: 28_50 }],
    })
    const { dialog } = await addByKeyboard(user)
    const label = await within(dialog).findByText('Code SAVE10: 10% off')
    expect(label.nextElementSibling).toHaveTextContent(`−${rand(28_50)}`)
  })

  it('Escape closes it and puts focus back on the button that added', async () => {
    const { user } = renderCard()
    const { add } = await addByKeyboard(user)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(add).toHaveFocus()
  })

  it('the close button closes it the same way', async () => {
    const { user } = renderCard()
    const { add, dialog } = await addByKeyboard(user)
    await user.click(within(dialog).getByRole('button', { name: 'Close cart' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(add).toHaveFocus()
  })

  it('keeps focus inside while open: Tab from the last control wraps to the first, and back', async () => {
    const { user } = renderCard()
    const { dialog } = await addByKeyboard(user)
    const checkout = await within(dialog).findByRole('link', { name: 'Check out' })
    const close = within(dialog).getByRole('button', { name: 'Close cart' })
    checkout.focus()
    await user.tab()
    expect(close).toHaveFocus()
    await user.tab({ shift: true })
    expect(checkout).toHaveFocus()
    await user.tab()
    await user.tab()
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    expect(screen.getByRole('link', { name: 'Questions', hidden: true })).not.toHaveFocus()
  })

  it('its steppers change the quantity through the cart, keep focus, and stop at what is left', async () => {
    const { posted, user } = renderCard({ stock: 4 })
    const { dialog } = await addByKeyboard(user)
    const more = await within(dialog).findByRole('button', { name: 'One more Rooibos tea' })
    more.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(more).toHaveAccessibleDescription('Quantity 4'))
    expect(posted.at(-1)).toMatchObject({
      intent: 'update',
      productId: 'rooibos',
      variantId: 'rooibos',
      quantity: '4',
      fetcher: '1',
    })
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Rooibos tea: quantity is now 4',
    )
    // At the stock left, + stays focused but does nothing.
    expect(more).toHaveFocus()
    expect(more).toHaveAttribute('aria-disabled', 'true')
    const count = posted.length
    await user.keyboard('{Enter}')
    expect(posted).toHaveLength(count)
    await waitFor(() =>
      expect(within(dialog).getByRole('listitem')).toHaveTextContent(`Line total ${rand(38000)}`),
    )
  })
})
