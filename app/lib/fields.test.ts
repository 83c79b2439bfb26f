import { describe, expect, it } from 'vitest'

import { accountFormSchema, authFormSchema } from '~/lib/account/schema'
import { checkoutFormSchema } from '~/lib/checkout/schema'
import { contactFormSchema } from '~/lib/contact/schema'
import { trackFormSchema } from '~/lib/orders/track-schema'

import { address, email, phone } from './fields'

/** A well-formed address of exactly `length` characters: a 60-letter name, domain labels of at most 63. */
function longEmail(length: number) {
  const local = 'a'.repeat(60)
  // Labels and the dots between them fill what the name, '@' and '.co.za' leave.
  let rest = length - local.length - '@'.length - '.co.za'.length
  const labels: string[] = []
  while (rest > 0) {
    const size = Math.min(63, rest)
    labels.push('d'.repeat(size))
    rest -= size + 1
  }
  return `${local}@${labels.join('.')}.co.za`
}

const person = { firstName: 'Thandi', lastName: 'Mokoena', phone: '082 123 4567' }
const place = {
  line1: '12 Long Street',
  suburb: 'Gardens',
  city: 'Cape Town',
  province: 'Western Cape',
  postalCode: '8001',
}
const forms = {
  signup: (value: string) =>
    authFormSchema.safeParse({
      intent: 'signup',
      ...person,
      email: value,
      password: 'long enough',
    }),
  checkout: (value: string) =>
    checkoutFormSchema.safeParse({ ...person, ...place, acceptTerms: 'on', email: value }),
  contact: (value: string) =>
    contactFormSchema.safeParse({
      name: 'Thandi',
      email: value,
      subject: 'Hello',
      message: 'A message long enough',
    }),
  tracking: (value: string) => trackFormSchema.safeParse({ orderId: 'K7M2P9QRTWXY', email: value }),
}

describe('one email rule for every form', () => {
  it.each(Object.entries(forms))(
    '%s accepts a 120-character address, lower-cased',
    (_form, parse) => {
      const value = longEmail(120)
      expect(value).toHaveLength(120)
      const result = parse(` ${value.toUpperCase()} `)
      expect(result.error?.issues).toBeUndefined()
      expect(result.data).toMatchObject({ email: value })
    },
  )

  it.each(Object.entries(forms))(
    '%s refuses a 255-character address and says so beside the email field',
    (_form, parse) => {
      const result = parse(longEmail(255))
      expect(result.success).toBe(false)
      expect(result.error!.issues).toEqual([
        expect.objectContaining({
          path: ['email'],
          message: 'Keep the email address to 254 characters or fewer',
        }),
      ])
    },
  )

  it('accepts exactly 254 characters', () => {
    expect(email.safeParse(longEmail(254)).success).toBe(true)
  })
})

describe('South African phone numbers', () => {
  it.each([
    '082 123 4567',
    '0821234567',
    '+27 82 123 4567',
    '+27821234567',
    '021-555-1234',
    '(011) 555 1234',
  ])('accepts %s', (value) => {
    expect(phone.safeParse(value).success).toBe(true)
  })
  it.each(['', '12345', '082 123 456', '+44 20 7946 0958', '0021234567', 'phone'])(
    'refuses %j',
    (value) => {
      expect(phone.safeParse(value).success).toBe(false)
    },
  )
})

describe('South African address', () => {
  it('accepts a full address and turns a missing line 2 into null', () => {
    expect(address.parse(place)).toEqual({ ...place, line2: null })
    expect(address.parse({ ...place, line2: '  ' })).toEqual({ ...place, line2: null })
  })
  it('names each bad field and its fix', () => {
    const result = address.safeParse({
      ...place,
      line1: ' ',
      province: 'Gauteng Province',
      postalCode: '800',
    })
    expect(result.success).toBe(false)
    const fields = result.error!.issues.map((issue) => issue.path[0])
    expect(fields.sort()).toEqual(['line1', 'postalCode', 'province'])
    expect(result.error!.issues.find((issue) => issue.path[0] === 'postalCode')?.message).toMatch(
      /4-digit postal code/,
    )
    expect(result.error!.issues.find((issue) => issue.path[0] === 'province')?.message).toMatch(
      /province/,
    )
  })
  it('is the same rule on /account and at checkout', () => {
    const bad = { ...place, postalCode: '80011' }
    const account = accountFormSchema.safeParse({ intent: 'address', ...bad })
    const checkout = checkoutFormSchema.safeParse({
      ...person,
      email: 'a@b.co.za',
      acceptTerms: 'on',
      ...bad,
    })
    expect(account.error?.issues.map((issue) => issue.message)).toEqual(
      checkout.error?.issues.map((issue) => issue.message),
    )
  })
})

describe('the /auth form schema', () => {
  it('asks for an 8-character password on sign-up and names the field', () => {
    const result = authFormSchema.safeParse({
      intent: 'signup',
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co.za',
      password: 'short',
    })
    expect(result.error!.issues[0]).toMatchObject({
      path: ['password'],
      message: expect.stringMatching(/at least 8/),
    })
  })
  it('wants an email for a reset request and a new password with a token', () => {
    expect(
      authFormSchema.safeParse({ intent: 'reset', email: 'nope' }).error?.issues[0]?.path,
    ).toEqual(['email'])
    expect(
      authFormSchema.safeParse({ intent: 'reset', token: 't', password: '1234' }).error?.issues[0]
        ?.path,
    ).toEqual(['password'])
    expect(authFormSchema.parse({ intent: 'reset', email: ' Me@Example.CO.ZA ' })).toMatchObject({
      email: 'me@example.co.za',
    })
  })
})
