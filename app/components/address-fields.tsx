import { PROVINCES } from '~/lib/fields'

import { Field, type FieldMeta, SelectField } from './forms'

export type AddressFieldsMeta = Record<
  'line1' | 'line2' | 'suburb' | 'city' | 'province' | 'postalCode',
  FieldMeta
>

/**
 * The South African address fields (docs/contracts.md: line 1, optional line 2, suburb, city,
 * province, 4-digit postal code), for any form whose schema spreads `addressFields` from
 * `~/lib/fields`: checkout and /account.
 */
export function AddressFields({ fields }: { fields: AddressFieldsMeta }) {
  return (
    <>
      <Field meta={fields.line1} label="Street address" autoComplete="address-line1" />
      <Field meta={fields.line2} label="Address line 2 (optional)" autoComplete="address-line2" />
      <Field meta={fields.suburb} label="Suburb" />
      <Field meta={fields.city} label="City or town" autoComplete="address-level2" />
      <SelectField
        meta={fields.province}
        label="Province"
        autoComplete="address-level1"
        options={PROVINCES}
        placeholder="Choose a province"
      />
      <Field
        meta={fields.postalCode}
        label="Postal code"
        autoComplete="postal-code"
        inputMode="numeric"
      />
    </>
  )
}
