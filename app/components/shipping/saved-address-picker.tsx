import { getCollectionProps, getInputProps } from '@conform-to/react'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'

import { AddressFields, type AddressFieldsMeta } from '~/components/address-fields'
import { ErrorList, type FieldMeta } from '~/components/forms'
import { type AddressCard, oneLine } from '~/lib/shipping/address-view'
import { NEW_ADDRESS } from '~/lib/shipping/address-fields'

export type SavedAddressPickerFields = AddressFieldsMeta & {
  addressId: FieldMeta
  saveAddress: FieldMeta
}

/**
 * Checkout's delivery address: for a customer with saved addresses, a radio group `addressId` of
 * them (the default chosen first) and "A new address"; the address fields for a new one; and, for a
 * signed-in customer, `saveAddress` to keep a new one in the address book.
 *
 * Without JavaScript every part is on the page: the fields count only when "A new address" is
 * chosen (the server ignores them otherwise). With JavaScript the fields show only then.
 * `onChoiceChange` hears every change of choice (`new` for a new address), for what depends on
 * the address (the delivery options).
 */
export function SavedAddressPicker({
  addresses,
  fields,
  canSave,
  onChoiceChange,
}: {
  addresses: readonly AddressCard[]
  fields: SavedAddressPickerFields
  /** Offer "Save this address to my address book" (signed in, and the book has room). */
  canSave: boolean
  onChoiceChange?: (addressId: string) => void
}) {
  const initial = String(fields.addressId.initialValue ?? '')
  const [choice, setChoice] = useState(initial || NEW_ADDRESS)
  // A reply from the server (a 400) may choose again.
  const [replied, setReplied] = useState(initial)
  if (replied !== initial) {
    setReplied(initial)
    setChoice(initial || NEW_ADDRESS)
  }
  const hydrated = useHydrated()

  const hasSaved = addresses.length > 0
  const newChosen = !hasSaved || choice === NEW_ADDRESS || choice === ''
  const options = [...addresses.map((address) => address.id), NEW_ADDRESS]
  const radios = getCollectionProps(fields.addressId, { type: 'radio', options })
  const byId = new Map(addresses.map((address) => [address.id, address]))
  const { key: saveKey, ...saveProps } = getInputProps(fields.saveAddress, { type: 'checkbox' })

  return (
    <>
      <h2 id="checkout-delivery-title">Delivery address</h2>
      {hasSaved ? (
        // The error summary's link to `addressId` lands on the group.
        <fieldset
          id={fields.addressId.id}
          tabIndex={-1}
          className={`field address-picker${fields.addressId.errors?.length ? ' field--invalid' : ''}`}
        >
          <legend>Deliver to</legend>
          {radios.map(({ key, ...radio }) => {
            const address = byId.get(radio.value)
            // The label names the address; its recipient and lines are the radio's description.
            const nameId = `${radio.id}-name`
            const detailId = `${radio.id}-detail`
            const describedBy = [address ? detailId : null, radio['aria-describedby']]
              .filter(Boolean)
              .join(' ')
            return (
              <label key={key} className="address-picker__option">
                <input
                  {...radio}
                  aria-labelledby={address ? nameId : undefined}
                  aria-describedby={describedBy || undefined}
                  onChange={(event) => {
                    setChoice(event.currentTarget.value)
                    onChoiceChange?.(event.currentTarget.value)
                  }}
                />{' '}
                {address ? (
                  <span>
                    <span id={nameId}>
                      <strong>{address.label}</strong>
                      {address.isDefault ? ' (default)' : null}
                    </span>
                    <span id={detailId} className="address-picker__detail">
                      {address.recipient}, {oneLine(address)}
                    </span>
                  </span>
                ) : (
                  <strong>A new address</strong>
                )}
              </label>
            )
          })}
          <ErrorList id={fields.addressId.errorId} errors={fields.addressId.errors} />
        </fieldset>
      ) : null}
      <div className="address-picker__new" hidden={hydrated && !newChosen}>
        {hasSaved ? (
          <p className="field__hint">For “A new address”: where should we deliver?</p>
        ) : null}
        <AddressFields fields={fields} />
        {canSave ? (
          <div className="field field--checkbox">
            <label>
              <input key={saveKey} {...saveProps} /> Save this address to my address book
            </label>
            <ErrorList id={fields.saveAddress.errorId} errors={fields.saveAddress.errors} />
          </div>
        ) : null}
      </div>
    </>
  )
}
