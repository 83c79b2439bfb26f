// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../test/render-route'

import { Honeypot } from '~/lib/honeypot.server'

import AuthPage from './auth'
import ContactPage from './contact'

/**
 * A post without the honeypot's two fields is taken for a bot (honeypot.server.ts), so the forms
 * that have one must post both, with JavaScript and without: the hidden field empty and the signed
 * stamp, inside the form itself.
 */

const honeypot = new Honeypot(['render-test-secret'])
const props = honeypot.getInputProps({ validFromTimestamp: Date.now() - 5_000 })

/** The root loader's data, which the forms' honeypot fields read (~/components/honeypot-fields). */
const rootData = { honeypotInputProps: props }

const pages = [
  {
    name: 'Create an account',
    Page: AuthPage,
    url: '/auth',
    loaderData: { user: null, redirectTo: '/', step: 'signin', token: '', google: null },
    fill: async (form: HTMLElement) => {
      await userEvent.type(within(form).getByRole('textbox', { name: 'First name' }), 'Lerato')
      await userEvent.type(within(form).getByRole('textbox', { name: 'Last name' }), 'Dlamini')
      await userEvent.type(within(form).getByRole('textbox', { name: 'Email' }), 'l@example.co.za')
      await userEvent.type(within(form).getByLabelText('Password'), 'long enough')
      await userEvent.click(within(form).getByRole('button', { name: 'Create account' }))
    },
  },
  {
    name: 'Send us a message',
    Page: ContactPage,
    url: '/contact',
    loaderData: { sent: false, defaults: { name: 'Lerato', email: '' } },
    fill: async (form: HTMLElement) => {
      await userEvent.type(within(form).getByRole('textbox', { name: 'Email' }), 'l@example.co.za')
      await userEvent.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Delivery')
      await userEvent.type(
        within(form).getByRole('textbox', { name: 'Message' }),
        'When will my order arrive?',
      )
      await userEvent.click(within(form).getByRole('button', { name: 'Send message' }))
    },
  },
]

describe.each(pages)('the form "$name"', ({ name, Page, url, loaderData, fill }) => {
  it('posts both honeypot fields with JavaScript, and they pass the check', async () => {
    const posted: FormData[] = []
    renderRoute(Page, {
      url,
      loaderData,
      rootData,
      action: async ({ request }) => {
        posted.push(await request.formData())
        return null
      },
    })
    await fill(await screen.findByRole('form', { name }))
    await expect.poll(() => posted.length).toBe(1)
    expect(posted[0]!.get('name__confirm')).toBe('')
    expect(posted[0]!.get('from__confirm')).toBe(props.encryptedValidFrom)
    expect(() => honeypot.check(posted[0]!)).not.toThrow()
  })

  it('holds both honeypot fields inside the form without JavaScript', () => {
    renderRouteWithoutJs(Page, { url, loaderData, rootData })
    const form = screen.getByRole('form', { name }) as HTMLFormElement
    const fields = new FormData(form)
    expect(fields.get('name__confirm')).toBe('')
    expect(fields.get('from__confirm')).toBe(props.encryptedValidFrom)
    expect(() => honeypot.check(fields)).not.toThrow()
  })
})
