import { createHmac, timingSafeEqual } from 'node:crypto'

import type { HoneypotInputProps } from 'remix-utils/honeypot/server'

import { nowMs } from '~/lib/clock'
import { env } from '~/lib/env.server'

/**
 * The honeypot of the public forms (sign-up, contact). The page renders remix-utils'
 * `<HoneypotInputs />` (root.tsx's `HoneypotProvider` hands it these props): a hidden text field
 * people never see and bots fill in, plus a signed "rendered at" stamp.
 *
 * NOTE: remix-utils' own server class needs the optional package `crypto-js`, which the shop does
 * not install; this class keeps its field contract (names, props, when to check) with node:crypto.
 */
export class SpamError extends Error {
  override readonly name = 'SpamError'
}

const NAME_FIELD = 'name__confirm'
const VALID_FROM_FIELD = 'from__confirm'

function sign(timestamp: string, secret: string) {
  return createHmac('sha256', secret).update(`honeypot:${timestamp}`).digest('base64url')
}

export class Honeypot {
  /**
   * `secrets`: the first signs, any verifies, so a form rendered before a `SESSION_SECRET` rotation
   * still posts (a real person must never be taken for a bot and silently dropped).
   */
  constructor(private readonly secrets: readonly [string, ...string[]]) {}

  /** Props for `HoneypotProvider`: the field names and the signed time the form was rendered. */
  getInputProps({ validFromTimestamp = nowMs() } = {}): HoneypotInputProps {
    const stamp = String(validFromTimestamp)
    return {
      nameFieldName: NAME_FIELD,
      validFromFieldName: VALID_FROM_FIELD,
      encryptedValidFrom: `${stamp}.${sign(stamp, this.secrets[0])}`,
    }
  }

  /**
   * Throws `SpamError` when the hidden field is filled or missing, or the stamp is missing, forged
   * or from the future. NOTE: remix-utils lets a post carrying neither field through unchecked; here
   * it is a bot, since the page renders both in every form that has a honeypot (a bot that posts
   * straight to the action never saw them).
   */
  check(formData: FormData) {
    if (!formData.has(NAME_FIELD)) throw new SpamError('Missing honeypot input')
    if (formData.get(NAME_FIELD) !== '') throw new SpamError('Honeypot input not empty')
    const validFrom = formData.get(VALID_FROM_FIELD)
    if (typeof validFrom !== 'string' || !validFrom)
      throw new SpamError('Missing honeypot valid from input')
    const [stamp = '', signature = ''] = validFrom.split('.')
    const given = Buffer.from(signature)
    const signed = this.secrets.some((secret) => {
      const expected = Buffer.from(sign(stamp, secret))
      return given.length === expected.length && timingSafeEqual(given, expected)
    })
    if (!signed) throw new SpamError('Invalid honeypot valid from input')
    const time = Number(stamp)
    if (!Number.isSafeInteger(time) || time <= 0)
      throw new SpamError('Invalid honeypot valid from input')
    if (time > nowMs()) throw new SpamError('Honeypot valid from is in future')
  }
}

export const honeypot = new Honeypot([
  env.sessionSecrets[0] ?? 'honeypot',
  ...env.sessionSecrets.slice(1),
])

/** Whether a post fell into the honeypot: the action then pretends success and stores nothing. */
export function isSpam(formData: FormData) {
  try {
    honeypot.check(formData)
    return false
  } catch (error) {
    if (error instanceof SpamError) return true
    throw error
  }
}
