import type { Address, User } from '~/lib/data/types'

import { hashString } from '~/lib/random'

/** A demo customer as the seed creates it (the store adds createdAt and updatedAt). */
export type DemoUser = Omit<User, 'staff' | 'createdAt' | 'updatedAt'>

const NAMES: readonly [string, string][] = [
  ['Thandi', 'Mokoena'],
  ['Sipho', 'Dlamini'],
  ['Anele', 'Mthembu'],
  ['Lerato', 'Molefe'],
  ['Johan', 'van der Merwe'],
  ['Marietjie', 'Botha'],
  ['Pieter', 'Steyn'],
  ['Annelie', 'du Plessis'],
  ['Fatima', 'Davids'],
  ['Yusuf', 'Adams'],
  ['Priya', 'Naidoo'],
  ['Rajesh', 'Pillay'],
  ['Nomvula', 'Khumalo'],
  ['Bongani', 'Zulu'],
  ['Zanele', 'Ndlovu'],
  ['Lindiwe', 'Sithole'],
  ['Thabo', 'Nkosi'],
  ['Ayanda', 'Mahlangu'],
  ['Sarah', 'Jacobs'],
  ['Michael', 'Smith'],
  ['Chantelle', 'Williams'],
  ['Ruan', 'Pretorius'],
  ['Liezl', 'Coetzee'],
  ['Kagiso', 'Motaung'],
  ['Palesa', 'Mofokeng'],
  ['Tshepo', 'Maluleke'],
  ['Naledi', 'Radebe'],
  ['Sibusiso', 'Ngcobo'],
  ['Nokuthula', 'Mabaso'],
  ['Mpho', 'Sebola'],
  ['Refilwe', 'Mashaba'],
  ['Ashwin', 'Govender'],
  ['Kavitha', 'Reddy'],
  ['Gavin', 'October'],
  ['Natasha', 'Petersen'],
  ['Luyanda', 'Mkhize'],
  ['Ntombi', 'Xaba'],
  ['Jaco', 'Venter'],
  ['Elna', 'Nel'],
  ['Wandile', 'Cele'],
  ['Khanyisile', 'Majola'],
  ['Tumelo', 'Moloi'],
  ['Keabetswe', 'Modise'],
  ['Rashieda', 'Isaacs'],
  ['Graeme', 'Fourie'],
  ['Vusi', 'Shabalala'],
  ['Busisiwe', 'Ntuli'],
  ['Hendrik', 'Kruger'],
]

const PLACES: readonly Omit<Address, 'line1' | 'line2'>[] = [
  { suburb: 'Observatory', city: 'Cape Town', province: 'Western Cape', postalCode: '7925' },
  { suburb: 'Bo-Kaap', city: 'Cape Town', province: 'Western Cape', postalCode: '8001' },
  { suburb: 'Die Boord', city: 'Stellenbosch', province: 'Western Cape', postalCode: '7600' },
  { suburb: 'Melville', city: 'Johannesburg', province: 'Gauteng', postalCode: '2092' },
  { suburb: 'Orlando West', city: 'Soweto', province: 'Gauteng', postalCode: '1804' },
  { suburb: 'Hatfield', city: 'Pretoria', province: 'Gauteng', postalCode: '0083' },
  { suburb: 'Morningside', city: 'Durban', province: 'KwaZulu-Natal', postalCode: '4001' },
  {
    suburb: 'Scottsville',
    city: 'Pietermaritzburg',
    province: 'KwaZulu-Natal',
    postalCode: '3201',
  },
  { suburb: 'Walmer', city: 'Gqeberha', province: 'Eastern Cape', postalCode: '6070' },
  { suburb: 'Vincent', city: 'East London', province: 'Eastern Cape', postalCode: '5247' },
  { suburb: 'Westdene', city: 'Bloemfontein', province: 'Free State', postalCode: '9301' },
  { suburb: 'Bendor', city: 'Polokwane', province: 'Limpopo', postalCode: '0699' },
  { suburb: 'Sonheuwel', city: 'Mbombela', province: 'Mpumalanga', postalCode: '1200' },
  { suburb: 'Golf Park', city: 'Mahikeng', province: 'North West', postalCode: '2745' },
  { suburb: 'Belgravia', city: 'Kimberley', province: 'Northern Cape', postalCode: '8301' },
  { suburb: 'Noorder-Paarl', city: 'Paarl', province: 'Western Cape', postalCode: '7646' },
]

const STREETS = [
  'Long Street',
  'Main Road',
  'Church Street',
  'Voortrekker Road',
  'Jan Smuts Avenue',
  'Florida Road',
  'Vilakazi Street',
  'Kerk Straat',
  'Beach Road',
  'Oak Avenue',
  'Nelson Mandela Drive',
  'Protea Lane',
]

const MOBILE_PREFIXES = [
  '060',
  '061',
  '071',
  '072',
  '073',
  '074',
  '076',
  '079',
  '082',
  '083',
  '084',
]

function plain(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
}

function demoUser([firstName, lastName]: [string, string], index: number): DemoUser {
  const hash = hashString(`${firstName} ${lastName}`)
  const place = PLACES[index % PLACES.length] as (typeof PLACES)[number]
  const prefix = MOBILE_PREFIXES[hash % MOBILE_PREFIXES.length] as string
  const digits = String(hash % 10_000_000).padStart(7, '0')
  return {
    id: `demo-${plain(firstName)}-${plain(lastName)}`,
    email: `${plain(firstName)}.${plain(lastName)}@example.co.za`,
    firstName,
    lastName,
    phone: `${prefix} ${digits.slice(0, 3)} ${digits.slice(3)}`,
    // A third of the customers have not saved an address yet.
    address:
      index % 3 === 2
        ? null
        : {
            line1: `${(hash % 180) + 1} ${STREETS[(hash >>> 8) % STREETS.length]}`,
            line2: index % 4 === 0 ? `Unit ${((hash >>> 4) % 40) + 1}` : null,
            ...place,
          },
  }
}

/** The demo customers who write the seed's reviews; their emails are at example.co.za. */
export const DEMO_USERS: readonly DemoUser[] = NAMES.map(demoUser)

/** "Thandi M.": how a review names its author. */
export function reviewAuthorName(user: Pick<User, 'firstName' | 'lastName'>): string {
  const initial =
    user.lastName
      .split(' ')
      .filter((part) => /^[A-Z]/.test(part))
      .at(-1)?.[0] ??
    user.lastName[0] ??
    ''
  return initial ? `${user.firstName} ${initial.toUpperCase()}.` : user.firstName
}
