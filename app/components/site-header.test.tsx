// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderRoute } from '../../test/render-route'

import { SiteHeader } from './site-header'

const nav = {
  _uid: 'nav',
  component: 'header_nav',
  links: [
    { _uid: 'a', component: 'nav_link', label: 'Shop', link: '/shop' },
    { _uid: 'b', component: 'nav_link', label: 'FAQ', link: '/faq' },
  ],
}

function header(signedIn: boolean, staff = false) {
  return (
    <SiteHeader siteName="Karoo & Co." nav={nav} counts={{ cart: 2, liked: 1, signedIn, staff }} />
  )
}

// Escape and the drawer's layout need a real browser: e2e/layout.spec.ts.
describe('SiteHeader', () => {
  it('has a menu button named "Menu" that controls the panel with the navigation and search', () => {
    renderRoute(header(false))
    const banner = screen.getByRole('banner')
    const menu = within(banner).getByText('Menu').closest('summary')!
    expect(menu).toBeInTheDocument()
    const panel = document.getElementById(menu.getAttribute('aria-controls')!)!
    expect(within(panel).getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    expect(within(panel).getByRole('search')).toBeInTheDocument()
    expect(within(banner).getByRole('link', { name: /2 items in cart/ })).toHaveAttribute(
      'href',
      '/cart',
    )
    expect(within(banner).getByRole('link', { name: 'Sign in' })).toBeInTheDocument()
  })

  it('lets a signed-in customer sign out: a POST to /auth with intent=signout', () => {
    renderRoute(header(true))
    const signOut = screen.getByRole('button', { name: 'Sign out', hidden: true })
    const form = signOut.closest('form')!
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveAttribute('action', '/auth')
    expect(form).toHaveFormValues({ intent: 'signout' })
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account')
  })

  it('links staff to the back office from the account menu, and customers not', () => {
    const { unmount } = renderRoute(header(true, true))
    expect(screen.getByRole('link', { name: 'Back office', hidden: true })).toHaveAttribute(
      'href',
      '/admin',
    )
    unmount()
    renderRoute(header(true))
    expect(screen.queryByRole('link', { name: 'Back office', hidden: true })).toBeNull()
    expect(screen.getByRole('link', { name: 'Your orders', hidden: true })).toBeInTheDocument()
  })
})
