// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../test/render-route'

import AddressBookPage from './account_.addresses'

/** /account/addresses as the customer sees it: the cards, their buttons, and the address form. */

const home = {
  id: 'home1234abcd',
  label: 'Home',
  isDefault: true,
  recipient: 'Thandi Mokoena',
  phone: '082 123 4567',
  lines: ['12 Long Street', 'Gardens', 'Cape Town', 'Western Cape 8001'],
}
const farm = {
  id: 'farm5678efgh',
  label: "Ma's farm",
  isDefault: false,
  recipient: 'Lindiwe Mokoena',
  phone: '027 712 3456',
  lines: ['Plaas Rooiberg', 'Okiep', 'Springbok', 'Northern Cape 8270'],
}
const blank = {
  label: '',
  firstName: 'Thandi',
  lastName: 'Mokoena',
  phone: '082 123 4567',
  line1: '',
  line2: '',
  suburb: '',
  city: '',
  province: '',
  postalCode: '',
}
const page = (overrides: Record<string, unknown> = {}) => ({
  addresses: [home, farm],
  editing: null,
  editMissing: false,
  values: blank,
  full: false,
  max: 20,
  ...overrides,
})

describe('the address book page', () => {
  it('shows each address as a card: label, default badge, recipient, lines, and its buttons', async () => {
    renderRoute(AddressBookPage, { url: '/account/addresses', loaderData: page() })
    const cards = await screen.findAllByRole('article')
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['Home', "Ma's farm"])
    const [first, second] = cards as [HTMLElement, HTMLElement]
    expect(within(first).getByText('Default')).toBeVisible()
    expect(within(second).queryByText('Default')).toBeNull()
    expect(first).toHaveTextContent('Thandi Mokoena, 082 123 4567')
    expect(first).toHaveTextContent('12 Long StreetGardensCape TownWestern Cape 8001')
    expect(within(first).getByRole('link', { name: 'Edit Home' })).toHaveAttribute(
      'href',
      '/account/addresses?edit=home1234abcd',
    )
    // The default has nothing to make default; every card can be removed.
    expect(within(first).queryByRole('button', { name: /Make default/ })).toBeNull()
    expect(within(first).getByRole('button', { name: 'Remove Home' })).toBeVisible()
    expect(within(second).getByRole('button', { name: "Make default Ma's farm" })).toBeVisible()
    expect(within(second).getByRole('button', { name: "Remove Ma's farm" })).toBeVisible()
    expect(screen.getByRole('heading', { level: 2, name: 'Add an address' })).toBeVisible()
  })

  it('posts intent=default or intent=delete with the address id', async () => {
    const posted: Record<string, string>[] = []
    renderRoute(AddressBookPage, {
      url: '/account/addresses',
      loaderData: page(),
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()) as Record<string, string>)
        return null
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: "Make default Ma's farm" }))
    await expect.poll(() => posted).toEqual([{ intent: 'default', addressId: 'farm5678efgh' }])
    await userEvent.click(screen.getByRole('button', { name: 'Remove Home' }))
    await expect.poll(() => posted.at(-1)).toEqual({ intent: 'delete', addressId: 'home1234abcd' })
  })

  it('checks a new address in the browser, suburb required, before posting anything', async () => {
    const posted: unknown[] = []
    renderRoute(AddressBookPage, {
      url: '/account/addresses',
      loaderData: page(),
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()))
        return null
      },
    })
    const form = await screen.findByRole('form', { name: 'Add an address' })
    expect(within(form).getByLabelText("Recipient's first name")).toHaveValue('Thandi')
    await userEvent.type(within(form).getByLabelText('Label'), 'Work')
    await userEvent.type(within(form).getByLabelText('Street address'), '1 Dock Road')
    await userEvent.click(within(form).getByRole('button', { name: 'Add address' }))
    expect(
      await within(form).findByRole('textbox', { name: 'Suburb' }),
    ).toHaveAccessibleDescription('Enter the suburb')
    expect(posted).toEqual([])

    await userEvent.type(within(form).getByLabelText('Suburb'), 'V&A Waterfront')
    await userEvent.type(within(form).getByLabelText('City or town'), 'Cape Town')
    await userEvent.selectOptions(within(form).getByLabelText('Province'), 'Western Cape')
    await userEvent.type(within(form).getByLabelText('Postal code'), '8002')
    await userEvent.click(within(form).getByLabelText('Make this my default delivery address'))
    await userEvent.click(within(form).getByRole('button', { name: 'Add address' }))
    await expect
      .poll(() => posted)
      .toEqual([
        expect.objectContaining({
          intent: 'save',
          addressId: '',
          label: 'Work',
          suburb: 'V&A Waterfront',
          makeDefault: 'on',
        }),
      ])
  })

  it('fills the form to edit an address, with a way back, and without JavaScript too', () => {
    const values = { ...blank, label: 'Home', line1: '12 Long Street', suburb: 'Gardens' }
    renderRouteWithoutJs(AddressBookPage, {
      url: '/account/addresses?edit=home1234abcd',
      loaderData: page({ editing: { id: home.id, label: 'Home', isDefault: true }, values }),
    })
    const form = screen.getByRole('form', { name: 'Edit Home' })
    expect(within(form).getByLabelText('Street address')).toHaveValue('12 Long Street')
    expect(within(form).getByLabelText('Suburb')).toHaveValue('Gardens')
    expect(form.querySelector('input[name="addressId"]')).toHaveValue('home1234abcd')
    expect(form.querySelector('input[name="intent"]')).toHaveValue('save')
    expect(within(form).getByText('This is your default delivery address.')).toBeVisible()
    expect(within(form).getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      '/account/addresses',
    )
    expect(within(form).getByRole('button', { name: 'Save address' })).toBeVisible()
    // Every card's buttons are plain forms: they work without JavaScript.
    expect(screen.getByRole('button', { name: 'Remove Home' }).closest('form')).toHaveAttribute(
      'method',
      'post',
    )
  })

  it('says so when the book is empty, when it is full, and when an edit link is stale', async () => {
    renderRoute(AddressBookPage, {
      url: '/account/addresses?edit=gone',
      loaderData: page({ addresses: [], editMissing: true }),
    })
    expect(await screen.findByText(/You have no saved addresses yet/)).toBeVisible()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'That address is not in your address book any more.',
    )
  })

  it('offers no add form when the book is full', async () => {
    renderRoute(AddressBookPage, { url: '/account/addresses', loaderData: page({ full: true }) })
    expect(
      await screen.findByText(
        'Your address book holds 20 addresses, the most it can. Remove one to add another.',
      ),
    ).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Add address' })).toBeNull()
  })
})
