// @vitest-environment jsdom
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { checkoutFormSchema } from '~/lib/checkout/schema'
import type { AddressCard } from '~/lib/shipping/address-view'

import { renderRoute, renderRouteWithoutJs } from '../../../test/render-route'

import { ErrorSummary } from '../forms'

import { SavedAddressPicker } from './saved-address-picker'

/** Checkout's choice of delivery address, in a form of checkout's schema. */

const home: AddressCard = {
  id: 'home1234abcd',
  label: 'Home',
  isDefault: true,
  recipient: 'Thandi Mokoena',
  phone: '082 123 4567',
  lines: ['12 Long Street', 'Gardens', 'Cape Town', 'Western Cape 8001'],
}
const farm: AddressCard = {
  id: 'farm5678efgh',
  label: "Ma's farm",
  isDefault: false,
  recipient: 'Lindiwe Mokoena',
  phone: '027 712 3456',
  lines: ['Plaas Rooiberg', 'Okiep', 'Springbok', 'Northern Cape 8270'],
}

function Checkout({
  addresses,
  canSave = true,
  chosen = [] as string[],
  lastResult,
}: {
  addresses: AddressCard[]
  canSave?: boolean
  chosen?: string[]
  lastResult?: SubmissionResult<string[]>
}) {
  const [form, fields] = useForm({
    id: 'checkout',
    lastResult,
    defaultValue: { addressId: addresses.find((a) => a.isDefault)?.id ?? '' },
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutFormSchema }),
  })
  return (
    <Form method="post" aria-label="Checkout" {...getFormProps(form)}>
      <ErrorSummary form={form} />
      <SavedAddressPicker
        addresses={addresses}
        fields={fields}
        canSave={canSave}
        onChoiceChange={(id) => chosen.push(id)}
      />
    </Form>
  )
}

const newAddressFields = () =>
  screen.getByLabelText('Street address').closest('.address-picker__new')

describe('the saved-address picker', () => {
  it('offers the saved addresses, the default chosen, and shows the fields only for a new one', async () => {
    const chosen: string[] = []
    renderRoute(<Checkout addresses={[home, farm]} chosen={chosen} />)
    const group = await screen.findByRole('group', { name: 'Deliver to' })
    const radios = within(group).getAllByRole('radio')
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual([
      'home1234abcd',
      'farm5678efgh',
      'new',
    ])
    expect(within(group).getByRole('radio', { name: /^Home \(default\)/ })).toBeChecked()
    expect(within(group).getByRole('radio', { name: "Ma's farm" })).toHaveAccessibleDescription(
      'Lindiwe Mokoena, Plaas Rooiberg, Okiep, Springbok, Northern Cape 8270',
    )
    // With JS, a saved address hides the fields of a new one.
    expect(screen.queryByRole('textbox', { name: 'Street address' })).toBeNull()
    expect(screen.queryByRole('checkbox', { name: /Save this address/ })).toBeNull()

    await userEvent.click(within(group).getByRole('radio', { name: 'A new address' }))
    expect(await screen.findByRole('textbox', { name: 'Street address' })).toBeVisible()
    expect(screen.getByRole('textbox', { name: 'Suburb' })).toBeVisible()
    expect(
      screen.getByRole('checkbox', { name: 'Save this address to my address book' }),
    ).not.toBeChecked()

    await userEvent.click(within(group).getByRole('radio', { name: /^Ma's farm/ }))
    expect(screen.queryByRole('textbox', { name: 'Street address' })).toBeNull()
    expect(chosen).toEqual(['new', 'farm5678efgh'])
  })

  it('shows every part without JavaScript: the radios, the fields and the box', () => {
    renderRouteWithoutJs(<Checkout addresses={[home, farm]} />)
    expect(screen.getByRole('radio', { name: /^Home \(default\)/ })).toBeChecked()
    expect(screen.getByRole('textbox', { name: 'Street address' })).toBeVisible()
    expect(screen.getByText('For “A new address”: where should we deliver?')).toBeVisible()
    expect(
      screen.getByRole('checkbox', { name: 'Save this address to my address book' }),
    ).toHaveAttribute('name', 'saveAddress')
    expect(newAddressFields()).not.toHaveAttribute('hidden')
  })

  it('is just the address fields for a guest or a customer without saved addresses', async () => {
    renderRoute(<Checkout addresses={[]} canSave={false} />)
    expect(await screen.findByRole('textbox', { name: 'Street address' })).toBeVisible()
    expect(screen.queryByRole('group', { name: 'Deliver to' })).toBeNull()
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(screen.queryByText(/For “A new address”/)).toBeNull()
  })

  it('asks for the suburb of a new address, and nothing of the fields for a saved one', async () => {
    renderRoute(<Checkout addresses={[home]} />)
    const form = (await screen.findByRole('form', { name: 'Checkout' })) as HTMLFormElement
    await userEvent.click(within(form).getByRole('radio', { name: 'A new address' }))
    await userEvent.type(within(form).getByLabelText('Street address'), '5 Church Street')
    form.requestSubmit()
    expect(
      await within(form).findByRole('textbox', { name: 'Suburb' }),
    ).toHaveAccessibleDescription('Enter the suburb')
    await userEvent.click(within(form).getByRole('radio', { name: /^Home/ }))
    form.requestSubmit()
    await expect.poll(() => screen.queryByText('Enter the suburb')).toBeNull()
  })

  it("shows the server's refusal of a saved address on the group, linked from the summary", () => {
    const posted = new FormData()
    posted.set('addressId', 'theirs12abcd')
    const reply = parseWithZod(posted, { schema: checkoutFormSchema }).reply({
      fieldErrors: {
        addressId: [
          'That address is not in your address book. Choose another or enter a new address.',
        ],
      },
    })
    renderRouteWithoutJs(<Checkout addresses={[home]} lastResult={reply} />)
    const link = screen.getByRole('link', { name: /That address is not in your address book/ })
    const target = document.getElementById(link.getAttribute('href')!.slice(1))
    expect(target).toBe(screen.getByRole('group', { name: 'Deliver to' }))
    expect(within(target!).getByRole('alert')).toHaveTextContent(
      'That address is not in your address book.',
    )
  })
})
