import { Form, useLocation } from '@remix-run/react'
import { useEffect, useRef, type RefObject } from 'react'

import { LayoutBlok } from '~/components/bloks/layout-registry'
import { Link } from '~/components/link'
import { PersonalVariants, usePersonalText } from '~/components/personal'
import { PredictiveSearch } from '~/components/search/predictive-search'
import type { Blok as BlokData } from '~/lib/content/types'
import { ACCOUNT_HOLE, ACCOUNT_STATES, accountState } from '~/lib/personal'

export type ShellCounts = {
  cart: number
  liked: number
  signedIn: boolean
  /** Staff see a "Back office" link in the account menu; absent is a customer. */
  staff?: boolean
}

const PANEL_ID = 'site-menu-panel'

/**
 * The sticky site header. On phones one compact row (menu button, shop name, cart); the menu
 * button is the summary of a `<details>` whose open state shows the panel after it (CSS:
 * `.site-menu[open] ~ .site-header__panel`), so the drawer opens without JavaScript. From 70rem
 * the same panel sits inline and the button is gone: one row, one copy of every link.
 * With JS, Escape, a click outside or a navigation closes the menus (useDismissMenus).
 */
export function SiteHeader({
  siteName,
  nav,
  counts,
}: {
  siteName: string
  nav: BlokData | null
  counts: ShellCounts
}) {
  const headerRef = useRef<HTMLElement>(null)
  useDismissMenus(headerRef)
  // Holes when the page is rendered for the page cache (~/components/personal).
  const cart = usePersonalText('cart', counts.cart)
  const liked = usePersonalText('liked', counts.liked)
  return (
    <header className="site-header" ref={headerRef}>
      <div className="site-header__inner">
        <details className="site-menu">
          <summary className="site-menu__button" aria-controls={PANEL_ID}>
            <MenuIcon />
            <span className="visually-hidden">Menu</span>
          </summary>
        </details>
        <Link to="/" className="site-header__brand">
          {siteName}
        </Link>
        <div id={PANEL_ID} className="site-header__panel">
          {nav ? <LayoutBlok blok={nav} /> : null}
          {/* The header's search slot: the plain GET form without JS, a combobox with it. */}
          <div className="site-header__search">
            <PredictiveSearch />
          </div>
          <nav aria-label="Your shop" className="site-header__mine">
            <Link to="/liked">
              Liked{' '}
              <span className="badge" aria-label={`${liked} liked products`}>
                {liked}
              </span>
            </Link>
            <PersonalVariants
              hole={ACCOUNT_HOLE}
              value={accountState(counts)}
              variants={ACCOUNT_STATES}
              render={(state) =>
                state === 'signed-out' ? (
                  <Link to="/account">Sign in</Link>
                ) : (
                  <AccountLinks staff={state === 'staff'} />
                )
              }
            />
          </nav>
        </div>
        <Link to="/cart" className="site-header__cart">
          Cart{' '}
          <span className="badge" aria-label={`${cart} items in cart`}>
            {cart}
          </span>
        </Link>
      </div>
    </header>
  )
}

/**
 * A signed-in customer's "Account" link, and beside it a small menu (a `<details>`) with their
 * orders, the back office for staff, and "Sign out": a POST to /auth, the same as the button on /auth.
 */
function AccountLinks({ staff }: { staff: boolean }) {
  return (
    <span className="account-links">
      <Link to="/account">Account</Link>
      <details className="account-menu">
        <summary className="account-menu__button">
          <ChevronIcon />
          <span className="visually-hidden">Account menu</span>
        </summary>
        <ul className="account-menu__list">
          <li>
            <Link to="/orders">Your orders</Link>
          </li>
          {staff ? (
            <li>
              <Link to="/admin">Back office</Link>
            </li>
          ) : null}
          <li>
            <Form method="post" action="/auth">
              <input type="hidden" name="intent" value="signout" />
              <button type="submit" className="account-menu__signout">
                Sign out
              </button>
            </Form>
          </li>
        </ul>
      </details>
    </span>
  )
}

/**
 * With JS the header's menus close as people expect: Escape closes the innermost open one and
 * puts focus back on its button; a click outside the header, or a navigation, closes them all.
 */
function useDismissMenus(headerRef: RefObject<HTMLElement>) {
  const location = useLocation()

  useEffect(() => {
    closeAll(headerRef.current)
  }, [location.key, headerRef])

  useEffect(() => {
    const header = headerRef.current
    if (!header) return
    const onKeyDown = (event: KeyboardEvent) => {
      // A control that used Escape itself (the search's suggestions, the mini-cart) says so.
      if (event.key !== 'Escape' || event.defaultPrevented) return
      const open = openMenus(header)
      const innermost = open.at(-1)
      if (!innermost) return
      innermost.open = false
      innermost.querySelector('summary')?.focus()
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!header.contains(event.target as Node | null)) closeAll(header)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [headerRef])
}

function closeAll(header: HTMLElement | null) {
  header?.querySelectorAll('details[open]').forEach((menu) => menu.removeAttribute('open'))
}

/** The header's open menus that are on screen (the menu button is hidden on wide screens). */
function openMenus(header: HTMLElement | null): HTMLDetailsElement[] {
  if (!header) return []
  return [...header.querySelectorAll<HTMLDetailsElement>('details[open]')].filter(
    (menu) => menu.getClientRects().length > 0,
  )
}

function MenuIcon() {
  return (
    <svg
      className="site-menu__icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        className="site-menu__icon-open"
        d="M4 7h16M4 12h16M4 17h16"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <path
        className="site-menu__icon-close"
        d="M6 6l12 12M18 6L6 18"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  )
}

function ChevronIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M4 6l4 4 4-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  )
}
