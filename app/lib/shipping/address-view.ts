import type { SavedAddress } from './types'

/** A saved address as pages show it: the address book's cards and checkout's choice of address. */
export type AddressCard = {
  id: string
  label: string
  isDefault: boolean
  /** Who receives the parcel, e.g. "Thandi Mokoena". */
  recipient: string
  phone: string
  /** The address lines in the order an envelope has them, blanks left out. */
  lines: string[]
}

export function addressCard(address: SavedAddress): AddressCard {
  return {
    id: address.id,
    label: address.label,
    isDefault: address.isDefault,
    recipient: `${address.firstName} ${address.lastName}`.trim(),
    phone: address.phone,
    lines: [
      address.line1,
      address.line2 ?? '',
      address.suburb,
      address.city,
      `${address.province} ${address.postalCode}`,
    ].filter((line) => line.trim() !== ''),
  }
}

/** The card on one line: "12 Long Street, Gardens, Cape Town, Western Cape 8001". */
export function oneLine(card: Pick<AddressCard, 'lines'>): string {
  return card.lines.join(', ')
}
