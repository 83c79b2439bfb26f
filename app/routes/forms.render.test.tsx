// @vitest-environment jsdom
import { parseWithZod } from '@conform-to/zod'
import { redirect } from '@remix-run/node'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute } from '../../test/render-route'

import { authFormSchema } from '~/lib/account/schema'
import { contactFormSchema } from '~/lib/contact/schema'
import { trackFormSchema } from '~/lib/orders/track-schema'

import AccountPage from './account'
import AuthPage from './auth'
import ContactPage from './contact'
import TrackOrderPage from './track_order'

/**
 * The forms as a shopper with JavaScript meets them: conform checks each field with the shared
 * rules before anything is posted, errors sit beside their field (described by them), and the
 * server's reply (values kept, errors of the whole form) lands in the same places.
 */

const contactData = { sent: false, defaults: { name: 'Lerato', email: '' } }

describe('the contact form', () => {
  it('names each missing field beside it and in the summary, which is the one announcement, before posting', async () => {
    let posted = 0
    renderRoute(ContactPage, {
      url: '/contact',
      loaderData: contactData,
      action: () => {
        posted += 1
        return null
      },
    })
    const form = await screen.findByRole('form', { name: 'Send us a message' })
    await userEvent.type(within(form).getByRole('textbox', { name: 'Message' }), 'hi')
    await userEvent.click(within(form).getByRole('button', { name: 'Send message' }))

    const message = within(form).getByRole('textbox', { name: 'Message' })
    expect(message).toHaveAttribute('aria-invalid', 'true')
    expect(message).toHaveAccessibleDescription(/Write a message of at least 10 characters/)
    expect(message).toHaveAccessibleDescription(/10 to 5000 characters/)
    const email = within(form).getByRole('textbox', { name: 'Email' })
    expect(email).toHaveAccessibleDescription('Enter your email address')
    // Beside the field the messages are a real list, its description rather than an alert: the
    // summary takes focus and is what a screen reader reads, once.
    const messages = email
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)!)
      .find((element) => element.textContent === 'Enter your email address')!
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Enter your email address'])
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument()
    const summary = within(form).getByRole('group', { name: /There is a problem/ })
    expect(summary).toHaveFocus()
    expect(within(summary).getByRole('link', { name: 'Enter your email address' })).toHaveAttribute(
      'href',
      `#${email.id}`,
    )
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Lerato')
    expect(within(form).getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid')
    expect(posted).toBe(0)
  })

  it("shows the server's error of the whole form at the top, keeps the values, and hides the honeypot", async () => {
    const posted: Record<string, FormDataEntryValue>[] = []
    renderRoute(ContactPage, {
      url: '/contact',
      loaderData: contactData,
      action: async ({ request }) => {
        const formData = await request.formData()
        posted.push(Object.fromEntries(formData))
        const submission = parseWithZod(formData, { schema: contactFormSchema })
        return {
          result: submission.reply({ formErrors: ['You have sent 5 messages in the last hour.'] }),
        }
      },
    })
    const form = await screen.findByRole('form', { name: 'Send us a message' })
    expect(
      within(form).queryByRole('textbox', { name: /leave this field blank/i }),
    ).not.toBeInTheDocument()
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Email' }),
      'lerato@example.co.za',
    )
    await userEvent.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Delivery')
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Message' }),
      'When will my order arrive?',
    )
    await userEvent.click(within(form).getByRole('button', { name: 'Send message' }))

    const alert = await within(form).findByRole('alert')
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      'You have sent 5 messages in the last hour.',
    )
    expect(within(form).getByRole('textbox', { name: 'Subject' })).toHaveValue('Delivery')
    expect(posted).toEqual([
      expect.objectContaining({
        name: 'Lerato',
        email: 'lerato@example.co.za',
        subject: 'Delivery',
        message: 'When will my order arrive?',
        name__confirm: '',
      }),
    ])
  })
})

describe('the contact form once sent', () => {
  it('is empty again after the message is sent (the action redirects to /contact?sent=1)', async () => {
    renderRoute(ContactPage, {
      url: '/contact',
      loaderData: contactData,
      action: () => redirect('/contact?sent=1'),
    })
    const form = await screen.findByRole('form', { name: 'Send us a message' })
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Email' }),
      'lerato@example.co.za',
    )
    await userEvent.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Delivery')
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Message' }),
      'When will my order arrive?',
    )
    await userEvent.click(within(form).getByRole('button', { name: 'Send message' }))

    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Message' })).toHaveValue(''),
    )
    expect(within(form).getByRole('textbox', { name: 'Subject' })).toHaveValue('')
    // Back to the page's defaults, not blank: a signed-in customer's name stays.
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Lerato')
  })
})

describe('order tracking', () => {
  it('keeps the button busy while the lookup runs', async () => {
    let answer: (value: unknown) => void = () => {}
    renderRoute(TrackOrderPage, {
      url: '/track_order',
      loaderData: null,
      action: async ({ request }) => {
        const submission = parseWithZod(await request.formData(), { schema: trackFormSchema })
        await new Promise((resolve) => (answer = resolve))
        return {
          ok: false,
          result: submission.reply({ formErrors: ['No order found with that id and email'] }),
        }
      },
    })
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Order number' }),
      'k7m2 p9qr twxy',
    )
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'me@example.co.za')
    await userEvent.click(screen.getByRole('button', { name: 'Track order' }))

    expect(await screen.findByRole('button', { name: 'Looking…' })).toBeDisabled()
    answer(null)
    expect(await screen.findByText('No order found with that id and email')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Track order' })).toBeEnabled()
    expect(screen.getByRole('textbox', { name: 'Order number' })).toHaveValue('k7m2 p9qr twxy')
  })
})

describe('the account forms', () => {
  const account = {
    email: 'thandi@example.co.za',
    profile: { firstName: 'Thandi', lastName: 'Mokoena', phone: '' },
    address: {
      line1: '',
      line2: '',
      suburb: 'Gardens',
      city: 'Cape Town',
      province: '',
      postalCode: '80',
    },
    /** Where the customer is signed in (the sessions list): none but this one here. */
    devices: [],
    consent: { optIn: false, since: null, source: null },
  }

  it('checks the address with the shared rules and leaves the personal info form alone', async () => {
    renderRoute(AccountPage, { url: '/account', loaderData: account, action: () => null })
    const address = await screen.findByRole('form', { name: 'Delivery address' })
    expect(within(address).getByRole('textbox', { name: 'Suburb' })).toHaveValue('Gardens')
    await userEvent.click(within(address).getByRole('button', { name: 'Save address' }))

    expect(
      within(address).getByRole('textbox', { name: 'Street address' }),
    ).toHaveAccessibleDescription('Enter the street address (line 1)')
    expect(within(address).getByRole('combobox', { name: 'Province' })).toHaveAccessibleDescription(
      'Choose one of the nine provinces',
    )
    expect(
      within(address).getByRole('textbox', { name: 'Postal code' }),
    ).toHaveAccessibleDescription('Enter the 4-digit postal code, e.g. 8001')
    const profile = screen.getByRole('form', { name: 'Personal info' })
    expect(within(profile).queryByRole('alert')).not.toBeInTheDocument()
    expect(within(profile).getByRole('textbox', { name: 'Phone' })).not.toHaveAttribute(
      'aria-invalid',
    )
  })
})

describe('the /auth page', () => {
  const page = { user: null, redirectTo: '/account', step: 'signin', token: '', google: null }

  it('shows a sign-in failure only on the sign-in form, the email kept', async () => {
    renderRoute(AuthPage, {
      url: '/auth',
      loaderData: page,
      action: async ({ request }) => {
        const submission = parseWithZod(await request.formData(), { schema: authFormSchema })
        const formErrors = [
          'That email and password do not match an account. Check both and try again.',
        ]
        return {
          intent: 'signin',
          result: submission.reply({ formErrors, hideFields: ['password'] }),
        }
      },
    })
    const signIn = await screen.findByRole('form', { name: 'Sign in' })
    await userEvent.type(within(signIn).getByRole('textbox', { name: 'Email' }), 'me@example.co.za')
    await userEvent.type(within(signIn).getByLabelText('Password'), 'not-the-password')
    await userEvent.click(within(signIn).getByRole('button', { name: 'Sign in' }))

    expect(await within(signIn).findByRole('alert')).toHaveTextContent(/do not match an account/)
    expect(within(signIn).getByRole('textbox', { name: 'Email' })).toHaveValue('me@example.co.za')
    const signUp = screen.getByRole('form', { name: 'Create an account' })
    expect(within(signUp).queryByRole('alert')).not.toBeInTheDocument()
    expect(within(signUp).getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 8 characters.',
    )
  })
})
