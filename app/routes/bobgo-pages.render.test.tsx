// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import { createRemixStub } from '@remix-run/testing'
import { describe, expect, it } from 'vitest'

import { renderRouteWithoutJs } from '../../test/render-route'

import { BobgoStatusPanel } from '~/components/shipping/bobgo-status'
import type { AdminOrderView } from '~/lib/admin/orders.server'
import type { Order } from '~/lib/data/types'
import type { OrderView } from '~/lib/orders/orders.server'
import { orderPromotionsView } from '~/lib/orders/order-promotions'
import { SHOPPER_ADDRESS } from '~/lib/orders/orders.test-helper'
import { bobgoOrderPanel, bobgoStatus } from '~/lib/shipping/bobgo-admin.server'
import { shippingSummary } from '~/lib/shipping/order-shipping'
import { shipmentViews } from '~/lib/shipping/tracking'
import type { TrackedShipment } from '~/lib/shipping/types'

import AdminOrder from './admin.orders.$id'
import OrderPage from './orders.$id'

const BOBGO_SHIPMENT: TrackedShipment = {
  courier: 'The Courier Guy · Economy',
  trackingNumber: 'TCG123',
  trackingUrl: 'https://track.bobgo.co.za/TCG123',
  status: 'in-transit',
  events: [
    {
      at: '2026-03-10T07:30:00.000Z',
      status: 'in-transit',
      message: 'At the hub',
      location: 'Kimberley',
    },
    { at: '2026-03-09T06:00:00.000Z', status: 'collected', message: 'Collected', location: null },
  ],
  source: 'bobgo',
  shipmentId: '77',
}

const shipped = { shipment: { courier: 'The Courier Guy · Economy', trackingNumber: 'TCG123' } }

const view: OrderView = {
  id: 'K7M2P9QRTWXY',
  status: 'shipped',
  statusLabel: 'Shipped',
  createdAt: '2026-03-08T08:00:00.000Z',
  email: 'thandi@example.co.za',
  name: 'Thandi Mokoena',
  phone: '082 123 4567',
  history: [{ status: 'shipped', label: 'Shipped', at: '2026-03-09T06:00:00.000Z', note: null }],
  lines: [],
  subtotalCents: 25_900,
  shippingCents: 9_950,
  totalCents: 35_850,
  vatCents: 4_676,
  promotions: orderPromotionsView({ totalCents: 35_850 }),
  shippingAddress: SHOPPER_ADDRESS,
  pfPaymentId: '1089250',
  ...shipped,
  shipping: shippingSummary(null),
  tracking: shipmentViews({ ...shipped, shipments: [BOBGO_SHIPMENT] }),
}

describe("an order's parcels", () => {
  it('show the courier, the tracking number linked to its page, the status and events newest first', () => {
    renderRouteWithoutJs(OrderPage, {
      url: '/orders/K7M2P9QRTWXY',
      path: '/orders/:id',
      loaderData: { kind: 'full', order: view, signedIn: true },
    })
    const parcel = within(screen.getByRole('region', { name: 'Your parcel' }))
    expect(parcel.getByRole('heading', { name: 'The Courier Guy · Economy' })).toBeVisible()
    expect(parcel.getByRole('link', { name: /TCG123/ })).toHaveAttribute(
      'href',
      'https://track.bobgo.co.za/TCG123',
    )
    expect(parcel.getByText(/Tracking number/)).toHaveTextContent('In transit')
    const events = within(
      parcel.getByRole('list', { name: 'Tracking events of The Courier Guy · Economy' }),
    ).getAllByRole('listitem')
    expect(events.map((event) => event.textContent)).toEqual([
      'At the hub 10 March 2026, 09:30 — Kimberley',
      'Collected 9 March 2026, 08:00',
    ])
  })

  it("show the staff's courier and tracking number, unlinked, for an order shipped by hand", () => {
    const byHand = shipmentViews({
      shipment: { courier: 'PostNet', trackingNumber: 'PN-77' },
      shipments: [],
    })
    expect(byHand).toEqual([
      {
        courier: 'PostNet',
        trackingNumber: 'PN-77',
        trackingUrl: null,
        statusLabel: null,
        cancelled: false,
        events: [],
        source: 'staff',
      },
    ])
    expect(shipmentViews({ shipment: null, shipments: [] })).toEqual([])
    expect(
      shipmentViews({
        shipment: null,
        shipments: [{ ...BOBGO_SHIPMENT, trackingUrl: 'javascript:alert(1)', status: 'cancelled' }],
      })[0],
    ).toMatchObject({ trackingUrl: null, cancelled: true, statusLabel: 'Cancelled' })
  })
})

function adminView(overrides: Partial<AdminOrderView> = {}): AdminOrderView {
  return {
    ...view,
    status: 'paid',
    statusLabel: 'Paid',
    shipment: null,
    tracking: [],
    history: view.history.map((entry) => ({ ...entry, by: null })),
    refundNeeded: false,
    refundReason: null,
    customer: 'guest',
    moves: ['processing', 'shipped'],
    emails: [],
    ...overrides,
  }
}

const orderState = (bobgo: Order['bobgo'], status: Order['status'] = 'paid') =>
  ({ status, shipping: null, bobgo }) satisfies Pick<Order, 'status' | 'shipping' | 'bobgo'>

describe('the back office order page with Bob Go', () => {
  it('shows a failed sync with its error and a resync button that posts without JS', () => {
    const panel = bobgoOrderPanel(
      orderState({
        state: 'failed',
        bobgoOrderId: null,
        attempts: 7,
        lastError: 'order K7M2P9QRTWXY: Bob Go answered 422: invalid address',
        dueAt: null,
      }),
      true,
    )
    renderRouteWithoutJs(AdminOrder, {
      url: '/admin/orders/K7M2P9QRTWXY',
      path: '/admin/orders/:id',
      loaderData: { order: adminView(), bobgo: panel },
    })
    const region = within(screen.getByRole('region', { name: 'Bob Go' }))
    expect(region.getByText(/Sending failed/).closest('p')).toHaveTextContent(
      'Sending failed · 7 attempts',
    )
    expect(region.getByText(/Last error/)).toHaveTextContent('Bob Go answered 422: invalid address')
    const button = region.getByRole('button', { name: 'Resync with Bob Go' })
    const form = button.closest('form')!
    expect(form).toHaveAttribute('method', 'post')
    expect(form).toHaveFormValues({ intent: 'bobgo-resync' })
  })

  it('offers to refresh the shipments of a synced order, and shows them', () => {
    const panel = bobgoOrderPanel(
      orderState(
        { state: 'synced', bobgoOrderId: '5001', attempts: 1, lastError: null, dueAt: null },
        'shipped',
      ),
      true,
    )
    renderRouteWithoutJs(AdminOrder, {
      url: '/admin/orders/K7M2P9QRTWXY',
      path: '/admin/orders/:id',
      loaderData: {
        order: adminView({ ...shipped, status: 'shipped', tracking: view.tracking, moves: [] }),
        bobgo: panel,
      },
    })
    const region = within(screen.getByRole('region', { name: 'Bob Go' }))
    expect(region.getByText(/In Bob Go/).closest('p')).toHaveTextContent(
      'In Bob Go · Bob Go order 5001',
    )
    expect(region.getByRole('button', { name: 'Refresh shipments' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Your parcel' })).toHaveTextContent('TCG123')
  })

  it('has no Bob Go panel for a collect order, nor when Bob Go is off', () => {
    expect(bobgoOrderPanel(orderState(null), false)).toBeNull()
    const collect = bobgoOrderPanel(
      {
        status: 'paid',
        bobgo: null,
        shipping: {
          id: 'collect',
          kind: 'collect',
          name: 'Collect in store',
          estimate: null,
          pickupPoint: null,
          serviceCode: null,
          collection: null,
        },
      },
      true,
    )
    expect(collect).toMatchObject({ handled: false, resync: null })
    expect(bobgoOrderPanel(orderState(null), true)?.resync?.label).toBe('Send to Bob Go')
    expect(bobgoOrderPanel(orderState(null, 'pending_payment'), true)?.resync).toBeNull()
  })
})

describe('the Bob Go status panel', () => {
  const settings = {
    appUrl: 'https://shop.karoo.example',
    isProduction: true,
    bobgo: { apiKey: 'secret-key', apiUrl: 'https://api.bobgo.co.za', webhookSecret: 'w' },
    pargo: null,
  }

  function renderPanel(props: Parameters<typeof BobgoStatusPanel>[0]) {
    const Stub = createRemixStub([
      { path: '/admin/shipping', Component: () => <BobgoStatusPanel {...props} /> },
    ])
    return render(<Stub initialEntries={['/admin/shipping']} />)
  }

  it('shows where Bob Go is, the webhook to register and the test result, never the key', async () => {
    const status = bobgoStatus(settings)
    expect(JSON.stringify(status)).not.toContain('secret-key')
    renderPanel({
      status,
      test: {
        ok: false,
        reason: 'not-enrolled',
        message: 'No channel',
        testedAt: '2026-03-08T08:00:00.000Z',
      },
    })
    const panel = within(await screen.findByRole('region', { name: 'Bob Go and Pargo' }))
    expect(panel.getByText('https://shop.karoo.example/bobgo/webhook')).toBeVisible()
    expect(panel.getByText(/Pickup points/)).toHaveTextContent('none (set PARGO_USERNAME')
    expect(panel.getByRole('button', { name: 'Test connection' }).closest('form')).toHaveFormValues(
      {
        intent: 'bobgo-test',
      },
    )
    expect(panel.getByRole('status')).toHaveTextContent('No channel')
  })

  it('says how to turn Bob Go on when it is off', async () => {
    renderPanel({ status: bobgoStatus({ ...settings, bobgo: null, isProduction: false }) })
    const panel = within(await screen.findByRole('region', { name: 'Bob Go and Pargo' }))
    expect(panel.getByText(/Bob Go is off/)).toBeVisible()
    expect(panel.queryByRole('button', { name: 'Test connection' })).not.toBeInTheDocument()
    expect(panel.getByText(/Pickup points/)).toHaveTextContent('the demo points')
  })
})
