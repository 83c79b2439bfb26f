import type { RateLimitStore } from '~/lib/data/store'

const MINUTE = 60 * 1000

/** Five failed sign-ins for one email within 15 minutes block that email for 15 minutes. */
export const SIGN_IN_FAILURES = { limit: 5, windowMs: 15 * MINUTE } as const
export const SIGN_IN_BLOCKED_MESSAGE = 'Too many attempts; try again in 15 minutes'

/** At most five contact messages per IP address per hour. */
export const CONTACT_MESSAGES = { limit: 5, windowMs: 60 * MINUTE } as const
export const CONTACT_LIMIT_MESSAGE =
  'You have sent 5 messages in the last hour, which is our limit. Please try again later, or email us directly.'

const failKey = (email: string) => `signin-fail:${email.trim().toLowerCase()}`
const blockKey = (email: string) => `signin-block:${email.trim().toLowerCase()}`

/** Whether sign-ins for this email are blocked right now. */
export async function signInBlocked(store: RateLimitStore, email: string, now = Date.now()) {
  return (await store.peek(blockKey(email), SIGN_IN_FAILURES.windowMs, now)) > 0
}

/**
 * Counts a failed sign-in; the fifth failure within the window starts a block of its own
 * 15-minute window (so the block always lasts the full 15 minutes from the fifth failure).
 * Returns true when the email is now blocked.
 */
export async function recordFailedSignIn(store: RateLimitStore, email: string, now = Date.now()) {
  await store.hit(failKey(email), SIGN_IN_FAILURES.limit, SIGN_IN_FAILURES.windowMs, now)
  const failures = await store.peek(failKey(email), SIGN_IN_FAILURES.windowMs, now)
  if (failures < SIGN_IN_FAILURES.limit) return false
  await store.hit(blockKey(email), 1, SIGN_IN_FAILURES.windowMs, now)
  await store.reset(failKey(email))
  return true
}

/** A successful sign-in forgets the email's failures. */
export async function clearFailedSignIns(store: RateLimitStore, email: string) {
  await store.reset(failKey(email))
}

/** Counts one contact message from `ip`; false when the hourly limit is used up. */
export async function allowContactMessage(store: RateLimitStore, ip: string, now = Date.now()) {
  const result = await store.hit(`contact:${ip || 'unknown'}`, CONTACT_MESSAGES.limit, CONTACT_MESSAGES.windowMs, now)
  return result.allowed
}
