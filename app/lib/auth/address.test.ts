import { describe, expect, it } from 'vitest'

import { saAddressSchema, saPhoneSchema } from './address'
import { authFormSchema } from './schemas'

describe('South African phone numbers', () => {
  it.each(['082 123 4567', '0821234567', '+27 82 123 4567', '+27821234567', '021-555-1234', '(011) 555 1234'])('accepts %s', (phone) => {
    expect(saPhoneSchema.safeParse(phone).success).toBe(true)
  })
  it.each(['', '12345', '082 123 456', '+44 20 7946 0958', '0021234567', 'phone'])('refuses %j', (phone) => {
    expect(saPhoneSchema.safeParse(phone).success).toBe(false)
  })
})

describe('South African address', () => {
  const good = { line1: '12 Long Street', line2: '', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postalCode: '8001' }
  it('accepts a full address and turns a blank line 2 into null', () => {
    expect(saAddressSchema.parse(good)).toEqual({ ...good, line2: null })
  })
  it('names each bad field', () => {
    const result = saAddressSchema.safeParse({ ...good, line1: ' ', province: 'Gauteng Province', postalCode: '800' })
    expect(result.success).toBe(false)
    const fields = result.error!.issues.map((i) => i.path[0])
    expect(fields.sort()).toEqual(['line1', 'postalCode', 'province'])
    expect(result.error!.issues.find((i) => i.path[0] === 'postalCode')?.message).toMatch(/4-digit/)
  })
})

describe('the /auth form schema', () => {
  it('asks for an 8-character password on sign-up and names the field', () => {
    const result = authFormSchema.safeParse({ intent: 'signup', firstName: 'A', lastName: 'B', email: 'a@b.co.za', password: 'short' })
    expect(result.success).toBe(false)
    expect(result.error!.issues[0]).toMatchObject({ path: ['password'], message: expect.stringMatching(/at least 8/) })
  })
  it('wants an email for a reset request and a new password with a token', () => {
    expect(authFormSchema.safeParse({ intent: 'reset', email: 'nope' }).error?.issues[0]?.path).toEqual(['email'])
    expect(authFormSchema.safeParse({ intent: 'reset', token: 't', password: '1234' }).error?.issues[0]?.path).toEqual(['password'])
    expect(authFormSchema.parse({ intent: 'reset', email: ' Me@Example.CO.ZA ' })).toMatchObject({ email: 'me@example.co.za' })
  })
})
