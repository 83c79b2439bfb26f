// @vitest-environment jsdom
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { renderRoute } from '../../test/render-route'

import { ErrorSummary, Field, FormErrors, VALIDATE_ON } from './forms'

const schema = z.object({
  email: z.string({ required_error: 'Enter your email address' }).email('Enter a valid email'),
  city: z.string({ required_error: 'Enter your city or town' }),
})

/** A form as the shop's pages build them: conform, Field, the summary and FormErrors at the top. */
function DeliveryForm() {
  const [form, fields] = useForm({
    id: 'delivery',
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  return (
    <form method="post" aria-label="Delivery" {...getFormProps(form)}>
      <ErrorSummary form={form} />
      <FormErrors form={form} />
      <Field meta={fields.email} label="Email" type="email" />
      <Field meta={fields.city} label="City or town" />
      <button type="submit">Continue</button>
    </form>
  )
}

describe('the error summary', () => {
  it('takes focus after a failed submit and links to each field in error', async () => {
    const user = userEvent.setup()
    renderRoute(DeliveryForm)
    expect(screen.queryByRole('group', { name: /There is a problem/ })).not.toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Continue' }))

    const summary = screen.getByRole('group', { name: 'There is a problem: 2 fields to fix' })
    expect(summary).toHaveFocus()
    const links = within(summary).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      'Enter your email address',
      'Enter your city or town',
    ])
    await user.click(links[1]!)
    expect(screen.getByRole('textbox', { name: 'City or town' })).toHaveFocus()
  })

  it('follows the fixes as the shopper types, without taking focus from the field', async () => {
    const user = userEvent.setup()
    renderRoute(DeliveryForm)
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    const email = screen.getByRole('textbox', { name: 'Email' })
    await user.click(email)
    await user.type(email, 'thandi@')
    expect(email).toHaveFocus()
    expect(
      within(screen.getByRole('group', { name: /There is a problem/ }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Enter a valid email', 'Enter your city or town'])
    await user.type(email, 'example.co.za')
    const city = screen.getByRole('textbox', { name: 'City or town' })
    await user.type(city, 'Cape Town')
    expect(screen.queryByRole('group', { name: /There is a problem/ })).not.toBeInTheDocument()
    expect(city).toHaveFocus()
  })
})
