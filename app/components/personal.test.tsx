// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'

import { makeProduct } from '~/lib/catalog/products.test-helper'
import { toProductSummary } from '~/lib/catalog/summary'
import { fillPieces, parseTemplate } from '~/lib/page-cache/holes.server'
import { ANONYMOUS_VIEW, serializePersonal, type PersonalView } from '~/lib/personal'

import { renderRouteToHtml } from '../../test/render-route'

import { PersonalHolesProvider, usePersonal } from './personal'
import { ProductCard } from './product-card'
import { SiteHeader } from './site-header'

const PREFIX = 'ph0123456789abcdef01234567'
const rooibos = toProductSummary(makeProduct({ id: 'rooibos', name: 'Rooibos' }))
const honeybush = toProductSummary(makeProduct({ id: 'honeybush', name: 'Honeybush' }))

/** The personal parts of a public page: the header and two cards' hearts. */
function Page() {
  const view = usePersonal()
  return (
    <>
      <SiteHeader
        siteName="Karoo & Co."
        nav={null}
        counts={{
          cart: view.cart,
          liked: view.liked.length,
          signedIn: view.signedIn,
          staff: view.staff,
        }}
      />
      {[rooibos, honeybush].map((product) => (
        <ProductCard key={product.id} product={product} liked={view.liked.includes(product.id)} />
      ))}
    </>
  )
}

const views: [string, PersonalView][] = [
  ['anonymous', ANONYMOUS_VIEW],
  [
    'a shopper with a cart and a like',
    { cart: 3, liked: ['rooibos'], signedIn: false, staff: false },
  ],
  [
    'a signed-in customer',
    { cart: 0, liked: ['honeybush', 'rooibos'], signedIn: true, staff: false },
  ],
  ['staff', { cart: 12, liked: [], signedIn: true, staff: true }],
]

// What hydration compares: the kept page filled for a visitor must be, byte for byte, the HTML the
// server renders for that visitor, or React would find a mismatch.
describe('the holes of a kept page, filled for a visitor', () => {
  const template = parseTemplate(
    renderRouteToHtml(
      <PersonalHolesProvider value={PREFIX}>
        <Page />
      </PersonalHolesProvider>,
      { rootData: { personal: 'not read: the holes stand in for it' } },
    ),
    'no nonce on this page',
    PREFIX,
  )

  it('has a hole for each count (text and label), the account links and each heart', () => {
    // Two counts twice each (text and aria-label), the account links, two hearts.
    expect(template?.filter((part) => !Buffer.isBuffer(part))).toHaveLength(7)
  })

  it.each(views)('are the HTML the server renders for %s', (_, view) => {
    const own = renderRouteToHtml(<Page />, { rootData: { personal: serializePersonal(view) } })
    expect(template).not.toBeNull()
    expect(fillPieces(template!, view)?.join('')).toBe(own)
  })
})
