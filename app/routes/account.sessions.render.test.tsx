// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute } from '../../test/render-route'

import AccountPage from './account'

/** The sessions part of /account: where the customer is signed in, and the way to end the rest. */

const account = (devices: unknown[]) => ({
  email: 'thandi@example.co.za',
  profile: { firstName: 'Thandi', lastName: 'Mokoena', phone: '' },
  address: { line1: '', line2: '', suburb: '', city: '', province: '', postalCode: '' },
  devices,
  consent: { optIn: false, since: null, source: null },
})

const thisLaptop = {
  device: 'Firefox on Linux',
  signedInAt: '2025-03-01T08:00:00.000Z',
  lastSeenAt: '2025-03-01T10:05:00.000Z',
  current: true,
}
const phone = {
  device: 'Safari on iPhone',
  signedInAt: '2025-02-20T06:30:00.000Z',
  lastSeenAt: '2025-02-28T19:45:00.000Z',
  current: false,
}

describe('the sessions list on /account', () => {
  it('lists each device with when it signed in and was last seen, this one marked', async () => {
    renderRoute(AccountPage, {
      url: '/account',
      loaderData: account([thisLaptop, phone]),
      action: () => null,
    })
    const sessions = await screen.findByRole('form', { name: 'Where you are signed in' })
    const [first, second] = within(sessions).getAllByRole('listitem')
    expect(first).toHaveTextContent(
      'Firefox on Linux (this device)Signed in 1 March 2025, 10:00, last seen 1 March 2025, 12:05',
    )
    expect(second).toHaveTextContent(
      'Safari on iPhoneSigned in 20 February 2025, 08:30, last seen 28 February 2025, 21:45',
    )
    expect(second).not.toHaveTextContent('this device')
  })

  it('posts intent=signout-others from "Sign out everywhere else"', async () => {
    const posted: string[] = []
    renderRoute(AccountPage, {
      url: '/account',
      loaderData: account([thisLaptop, phone]),
      action: async ({ request }) => {
        posted.push(String((await request.formData()).get('intent')))
        return null
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }))
    await expect.poll(() => posted).toEqual(['signout-others'])
  })

  it('offers no button when this is the only device', async () => {
    renderRoute(AccountPage, {
      url: '/account',
      loaderData: account([thisLaptop]),
      action: () => null,
    })
    expect(await screen.findByText('You are signed in on this device only.')).toBeVisible()
    expect(
      screen.queryByRole('button', { name: 'Sign out everywhere else' }),
    ).not.toBeInTheDocument()
  })
})
