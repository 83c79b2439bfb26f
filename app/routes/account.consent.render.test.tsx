// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../test/render-route'

import AccountPage from './account'
import AuthPage from './auth'
import UnsubscribePage from './unsubscribe'

/** "News and offers" on /account, and the unsubscribe page, as a customer reads and uses them. */

const account = (consent: unknown) => ({
  email: 'thandi@example.co.za',
  profile: { firstName: 'Thandi', lastName: 'Mokoena', phone: '' },
  address: { line1: '', line2: '', suburb: '', city: '', province: '', postalCode: '' },
  devices: [],
  consent,
})

describe('news and offers on /account', () => {
  it('shows an unticked, labelled box and says nothing was asked for yet', async () => {
    renderRoute(AccountPage, {
      url: '/account',
      loaderData: account({ optIn: false, since: null, source: null }),
      action: () => null,
    })
    const form = await screen.findByRole('form', { name: 'News and offers' })
    expect(form).toHaveTextContent('You have not asked for our news and offers.')
    const box = screen.getByRole('checkbox', { name: 'Send me news and offers' })
    expect(box).not.toBeChecked()
    expect(box).toHaveAccessibleDescription(
      'Now and then, by email. Emails about your orders arrive either way.',
    )
  })

  it('shows the box ticked with when and where consent was given, and posts the change', async () => {
    const posted: [string, string | null][] = []
    renderRoute(AccountPage, {
      url: '/account',
      loaderData: account({
        optIn: true,
        since: '2025-03-01T08:00:00.000Z',
        source: 'checkout',
      }),
      action: async ({ request }) => {
        const form = await request.formData()
        posted.push([String(form.get('intent')), form.get('marketingOptIn') as string | null])
        return null
      },
    })
    const form = await screen.findByRole('form', { name: 'News and offers' })
    expect(form).toHaveTextContent(
      'You asked for our news and offers on 1 March 2025, 10:00, at checkout.',
    )
    const box = screen.getByRole('checkbox', { name: 'Send me news and offers' })
    expect(box).toBeChecked()
    await userEvent.click(box)
    await userEvent.click(screen.getByRole('button', { name: 'Save choice' }))
    await expect.poll(() => posted).toEqual([['marketing', null]])
  })

  it('says when an unsubscribe link stopped them', async () => {
    renderRoute(AccountPage, {
      url: '/account',
      loaderData: account({
        optIn: false,
        since: '2025-03-02T08:00:00.000Z',
        source: 'unsubscribe',
      }),
      action: () => null,
    })
    expect(await screen.findByRole('form', { name: 'News and offers' })).toHaveTextContent(
      'You stopped our news and offers on 2 March 2025, 10:00, by the unsubscribe link in one of our emails.',
    )
  })
})

describe('/unsubscribe', () => {
  it('asks to confirm with one button that posts the token, and names the address', async () => {
    renderRouteWithoutJs(UnsubscribePage, {
      url: '/unsubscribe?t=abc.def',
      loaderData: {
        state: 'confirm',
        email: 'thandi@example.co.za',
        token: 'abc.def',
        subscribed: true,
      },
    })
    const form = await screen.findByRole('form', {
      name: 'Stop marketing emails to thandi@example.co.za',
    })
    expect(form).toHaveAttribute('method', 'post')
    expect(form.querySelector('input[name="t"]')).toHaveValue('abc.def')
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled()
    expect(form).toHaveTextContent('Emails about your orders')
  })

  it('explains a broken link and the way out', async () => {
    renderRouteWithoutJs(UnsubscribePage, {
      url: '/unsubscribe?t=nonsense',
      loaderData: { state: 'invalid' },
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This unsubscribe link does not work' }),
    ).toBeVisible()
    expect(screen.getByRole('alert')).toHaveTextContent(/Open it again from the email/)
    expect(screen.getByRole('link', { name: 'your account' })).toHaveAttribute('href', '/account')
  })
})

describe('sign-up', () => {
  it('offers the same unticked, labelled box, without JS too', async () => {
    renderRouteWithoutJs(AuthPage, {
      url: '/auth',
      loaderData: { user: null, redirectTo: '', step: 'signin', token: '', google: null },
    })
    const signUp = await screen.findByRole('form', { name: 'Create an account' })
    const box = within(signUp).getByRole('checkbox', { name: 'Send me news and offers' })
    expect(box).not.toBeChecked()
    expect(box).toHaveAttribute('name', 'marketingOptIn')
  })
})
