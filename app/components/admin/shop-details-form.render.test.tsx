// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderRouteWithoutJs } from '../../../test/render-route'

import { ShopDetailsForm } from './shop-details-form'

const values = {
  legalName: 'Karoo & Co. (Pty) Ltd',
  tradingName: 'Karoo & Co.',
  address: '12 Church Street\nGraaff-Reinet\n6280',
  email: 'shop@localhost',
  phone: '049 892 0000',
  vatNumber: '4123456789',
  registrationNumber: '',
}

describe('the shop details form (/admin/settings)', () => {
  it('labels every field and starts from the details shown', () => {
    renderRouteWithoutJs(<ShopDetailsForm values={values} lastResult={undefined} />)
    expect(screen.getByRole('form', { name: 'Shop details' })).toBeInTheDocument()
    expect(screen.getByLabelText('Legal name')).toHaveValue('Karoo & Co. (Pty) Ltd')
    expect(screen.getByLabelText('Address')).toHaveValue('12 Church Street\nGraaff-Reinet\n6280')
    expect(screen.getByLabelText('VAT number (optional)')).toHaveAccessibleDescription(
      /10 digits starting with 4/,
    )
    expect(screen.getByRole('button', { name: 'Save shop details' })).toBeEnabled()
  })

  it('without JS, shows the server’s message on the field it names, with what was typed', () => {
    const message =
      'Enter the VAT number as 10 digits starting with 4, such as 4123456789, or leave it empty'
    renderRouteWithoutJs(
      <ShopDetailsForm
        values={values}
        lastResult={{
          status: 'error',
          initialValue: { ...values, vatNumber: '999' },
          error: { vatNumber: [message] },
        }}
      />,
    )
    const vat = screen.getByLabelText('VAT number (optional)')
    expect(vat).toHaveValue('999')
    expect(vat).toHaveAttribute('aria-invalid', 'true')
    expect(vat).toHaveAccessibleDescription(expect.stringContaining(message))
    expect(screen.getByRole('link', { name: message })).toHaveAttribute(
      'href',
      `#${vat.getAttribute('id')}`,
    )
  })
})
