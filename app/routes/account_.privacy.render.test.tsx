// @vitest-environment jsdom
import { data } from '@remix-run/node'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../test/render-route'

import PrivacyPage from './account_.privacy'

/** /account/privacy as the customer sees it: the download, the deletion and their requests. */

const page = (overrides: Record<string, unknown> = {}) => ({
  email: 'thandi@example.co.za',
  needsPassword: true,
  confirmToken: null,
  requests: [],
  ...overrides,
})

describe('the privacy page', () => {
  it('posts the download as a plain form to the file, with JS off too', () => {
    renderRouteWithoutJs(PrivacyPage, { url: '/account/privacy', loaderData: page() })
    const download = screen.getByRole('form', { name: 'Download your data' })
    expect(download).toHaveAttribute('action', '/account/privacy/export')
    expect(download).toHaveAttribute('method', 'post')
    expect(within(download).getByRole('button', { name: 'Download my data' })).toBeVisible()
    expect(screen.getByText('You have not downloaded your data yet.')).toBeVisible()
  })

  it('asks a local account for its password, labelled, and says what goes and what stays', () => {
    renderRouteWithoutJs(PrivacyPage, { url: '/account/privacy', loaderData: page() })
    const form = screen.getByRole('form', { name: 'Delete your account' })
    expect(within(form).getByLabelText('Your password')).toHaveAttribute('type', 'password')
    expect(form).toHaveTextContent('thandi@example.co.za')
    expect(form).toHaveTextContent(/reviews stay, shown as “A customer”/)
    expect(form).toHaveTextContent(/orders and invoices are kept for the tax period/)
  })

  it('offers a Firebase account a mailed link instead of a password', () => {
    renderRouteWithoutJs(PrivacyPage, {
      url: '/account/privacy',
      loaderData: page({ needsPassword: false }),
    })
    const form = screen.getByRole('form', { name: 'Delete your account' })
    expect(within(form).queryByLabelText('Your password')).toBeNull()
    expect(
      within(form).getByRole('button', { name: 'Email me a link to delete my account' }),
    ).toBeVisible()
  })

  it("shows the mailed link's confirm button, and the customer's requests", () => {
    renderRouteWithoutJs(PrivacyPage, {
      url: '/account/privacy?confirm=123.abc',
      loaderData: page({
        needsPassword: false,
        confirmToken: '123.abc',
        requests: [{ id: 'r1', kind: 'export', at: '2026-11-25T08:00:00.000Z' }],
      }),
    })
    const confirm = screen.getByRole('form', { name: 'Confirm deleting your account' })
    expect(within(confirm).getByRole('button', { name: 'Delete my account' })).toBeVisible()
    expect(confirm.querySelector('input[name="token"]')).toHaveValue('123.abc')
    expect(screen.getByText(/Data downloaded/)).toBeVisible()
  })

  it('names the password field with the fix when the server refuses it', async () => {
    const message =
      'That password is not right. Enter the password you sign in with to delete your account.'
    renderRoute(PrivacyPage, {
      url: '/account/privacy',
      loaderData: page(),
      action: () =>
        data(
          {
            intent: 'delete',
            result: { status: 'error', error: { password: [message] }, initialValue: {} },
          },
          { status: 400 },
        ),
    })
    const form = await screen.findByRole('form', { name: 'Delete your account' })
    const field = within(form).getByLabelText('Your password')
    await userEvent.type(field, 'not-my-password')
    await userEvent.click(within(form).getByRole('button', { name: 'Delete my account' }))
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message))
  })
})
