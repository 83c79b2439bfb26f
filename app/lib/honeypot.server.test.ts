import { describe, expect, it } from 'vitest'

import { Honeypot, SpamError } from './honeypot.server'

/** The form as the page posts it: the visible fields plus the honeypot's two. */
function posted(honeypot: Honeypot, overrides: Record<string, string> = {}) {
  const props = honeypot.getInputProps({ validFromTimestamp: Date.now() - 5_000 })
  const form = new FormData()
  form.set('email', 'me@example.co.za')
  form.set(props.nameFieldName, '')
  form.set(props.validFromFieldName!, props.encryptedValidFrom)
  for (const [name, value] of Object.entries(overrides)) form.set(name, value)
  return form
}

describe('the honeypot', () => {
  const honeypot = new Honeypot(['current-secret'])

  it('lets a person through: hidden field empty, stamp signed by us', () => {
    expect(() => honeypot.check(posted(honeypot))).not.toThrow()
  })

  it('catches a bot that fills the hidden field, forges the stamp or drops the hidden field', () => {
    expect(() => honeypot.check(posted(honeypot, { name__confirm: 'http://spam' }))).toThrow(
      SpamError,
    )
    expect(() =>
      honeypot.check(posted(honeypot, { from__confirm: `${Date.now()}.forged` })),
    ).toThrow(SpamError)
    const form = posted(honeypot)
    form.delete('name__confirm')
    expect(() => honeypot.check(form)).toThrow(SpamError)
  })

  it('catches a bot that posts straight to the action, with neither field', () => {
    const form = posted(honeypot)
    form.delete('name__confirm')
    form.delete('from__confirm')
    expect(() => honeypot.check(form)).toThrow(SpamError)
    const stampOnly = posted(honeypot)
    stampOnly.delete('from__confirm')
    expect(() => honeypot.check(stampOnly)).toThrow(SpamError)
  })

  it('refuses a stamp from the future', () => {
    const future = honeypot.getInputProps({ validFromTimestamp: Date.now() + 60_000 })
    expect(() =>
      honeypot.check(posted(honeypot, { from__confirm: future.encryptedValidFrom })),
    ).toThrow(/future/)
  })

  it('still takes a form rendered before the secret was rotated', () => {
    const before = new Honeypot(['old-secret'])
    const after = new Honeypot(['new-secret', 'old-secret'])
    expect(() => after.check(posted(before))).not.toThrow()
    expect(() => new Honeypot(['new-secret']).check(posted(before))).toThrow(SpamError)
  })
})
