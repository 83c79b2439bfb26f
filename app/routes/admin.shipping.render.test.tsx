// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../test/render-route'

import { shippingFormValues } from '~/lib/admin/shipping-form'
import { bobgoStatus } from '~/lib/shipping/bobgo-admin.server'
import { defaultShippingSettings } from '~/lib/shipping/default-zones'

import AdminShipping from './admin.shipping'

const seeded = {
  values: shippingFormValues(defaultShippingSettings()),
  updatedAt: null,
  updatedBy: null,
  bobgo: bobgoStatus({ appUrl: 'http://shop.test', isProduction: false, bobgo: null, pargo: null }),
}

const zone = (name: string) => screen.getByRole('group', { name })

describe('/admin/shipping', () => {
  it('shows each zone with its provinces, postal codes, bands and thresholds, and a row to add one', async () => {
    renderRoute(AdminShipping, { url: '/admin/shipping', loaderData: seeded })
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping' })).toBeInTheDocument()
    expect(screen.getByText('The seeded South African zones: nothing saved yet.')).toBeVisible()

    const main = zone('Main centres')
    expect(within(main).getByLabelText('Name of Main centres')).toHaveValue('Main centres')
    expect(within(main).getByLabelText('Postal codes')).toHaveDisplayValue(
      /2000-2199, 7100-7199, 7349, 7400-7599, 7700-8099, 3600-3699/,
    )
    expect(within(main).getByLabelText('Weight bands')).toHaveValue(
      '2000 = 89.00\n5000 = 99.00\n10000 = 139.00\n20000 = 199.00',
    )
    expect(within(main).getByLabelText('Free delivery from (rands)')).toHaveValue('1000.00')
    expect(within(main).getByRole('checkbox', { name: 'Gauteng' })).not.toBeChecked()

    const regional = zone('Regional')
    expect(within(regional).getByRole('checkbox', { name: 'Limpopo' })).toBeChecked()
    expect(within(regional).getByRole('checkbox', { name: 'Northern Cape' })).not.toBeChecked()
    const outlying = zone('Outlying areas')
    expect(within(outlying).getByLabelText('Free delivery from (rands)')).toHaveValue('')
    expect(within(outlying).getByRole('checkbox', { name: 'Remove this zone' })).not.toBeChecked()

    const added = zone('Add a zone')
    expect(within(added).getByLabelText('Name of the new zone')).toHaveValue('')
    expect(
      within(added).queryByRole('checkbox', { name: 'Remove this zone' }),
    ).not.toBeInTheDocument()
    expect(screen.getByLabelText('Weight of a product without one (grams)')).toHaveValue('1000')
    expect(screen.getByLabelText('Collection point name')).toHaveValue('')
    // Bob Go's status and connection test (tested in bobgo-pages.render.test.tsx).
    expect(screen.getByRole('region', { name: 'Bob Go and Pargo' })).toBeInTheDocument()
  })

  it('checks the form in the browser and names the field to fix', async () => {
    renderRoute(AdminShipping, { url: '/admin/shipping', loaderData: seeded })
    const bands = within(await screen.findByRole('group', { name: 'Regional' })).getByLabelText(
      'Weight bands',
    )
    await userEvent.clear(bands)
    await userEvent.type(bands, '2000 = cheap')
    await userEvent.type(screen.getByLabelText('Collection point name'), 'Shop')
    await userEvent.click(screen.getByRole('button', { name: 'Save shipping settings' }))
    expect(bands).toHaveAttribute('aria-invalid', 'true')
    expect(bands).toHaveAccessibleDescription(/Line 1 \("2000 = cheap"\): write the price in rands/)
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(
      /Enter a South African phone number/,
    )
    expect(screen.getByRole('group', { name: /There is a problem/ })).toBeInTheDocument()
  })

  it('is a plain form without JavaScript, with the saved-by line', () => {
    renderRouteWithoutJs(AdminShipping, {
      url: '/admin/shipping',
      loaderData: {
        ...seeded,
        updatedAt: '2025-03-02T08:30:00.000Z',
        updatedBy: 'nomsa@shop.example.co.za',
      },
    })
    const form = screen.getByRole('form', { name: 'Table rates and collection' })
    expect(form).toHaveAttribute('method', 'post')
    expect(within(form).getByLabelText('Name of Main centres')).toHaveAttribute(
      'name',
      'zones[0].name',
    )
    expect(within(zone('Regional')).getByRole('checkbox', { name: 'Limpopo' })).toHaveAttribute(
      'name',
      'zones[1].provinces',
    )
    expect(within(form).getByLabelText('Province')).toHaveAttribute('name', 'collection.province')
    expect(within(form).getByRole('button', { name: 'Save shipping settings' })).toBeEnabled()
    expect(screen.getByText(/Last saved by nomsa@shop\.example\.co\.za on/)).toBeInTheDocument()
  })
})
