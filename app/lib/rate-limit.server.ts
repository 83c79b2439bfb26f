import type { RateLimitStore } from '~/lib/data/store'

const MINUTE = 60 * 1000

/** Five failed sign-ins for one email within 15 minutes block that email for 15 minutes. */
export const SIGN_IN_FAILURES = { limit: 5, windowMs: 15 * MINUTE } as const
/**
 * Twenty failed sign-ins from one client IP within 15 minutes block that IP for 15 minutes, whatever
 * the emails: one address guessing passwords across many accounts stays under each email's limit.
 */
export const SIGN_IN_FAILURES_PER_IP = { limit: 20, windowMs: 15 * MINUTE } as const

/** "Too many attempts; try again in 12 minutes", rounded up so it never says "in 0 minutes". */
export function signInBlockedMessage(retryAfterMs: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE))
  return `Too many attempts; try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}

/** At most five contact messages per IP address per hour. */
export const CONTACT_MESSAGES = { limit: 5, windowMs: 60 * MINUTE } as const
export const CONTACT_LIMIT_MESSAGE =
  'You have sent 5 messages in the last hour, which is our limit. Please try again later, or email us directly.'

/** Who is signing in: the email typed and the client IP from the load context. */
export type SignInAttempt = { email: string; ip: string }

type Throttle = { failKey: string; blockKey: string; limit: number; windowMs: number }

function throttles({ email, ip }: SignInAttempt): Throttle[] {
  const address = email.trim().toLowerCase()
  // NOTE: without a known address (no load context) every such attempt shares one bucket, as /contact does.
  const client = ip || 'unknown'
  return [
    { failKey: `signin-fail:${address}`, blockKey: `signin-block:${address}`, ...SIGN_IN_FAILURES },
    {
      failKey: `signin-ip-fail:${client}`,
      blockKey: `signin-ip-block:${client}`,
      ...SIGN_IN_FAILURES_PER_IP,
    },
  ]
}

/** Milliseconds until this throttle's block ends, or 0 when it is not blocking. */
async function blockRemaining(store: RateLimitStore, throttle: Throttle, now: number) {
  if ((await store.peek(throttle.blockKey, throttle.windowMs, now)) === 0) return 0
  // A block is a window with one hit and a limit of one: one more hit is refused and says when the
  // window (the block) ends. Fixed windows do not move, so this hit does not lengthen the block.
  const { retryAfterMs } = await store.hit(throttle.blockKey, 1, throttle.windowMs, now)
  return retryAfterMs
}

/**
 * Whether this sign-in is blocked right now, by its email's or its IP's failures: the milliseconds
 * until it may be tried again (the later of the two blocks), or 0 when it may go ahead.
 */
export async function signInBlockedFor(
  store: RateLimitStore,
  attempt: SignInAttempt,
  now = Date.now(),
) {
  let longest = 0
  for (const throttle of throttles(attempt)) {
    longest = Math.max(longest, await blockRemaining(store, throttle, now))
  }
  return longest
}

/**
 * Counts a failed sign-in against its email and its IP. The failure that reaches a limit within the
 * window starts a block of its own full window (15 minutes from that failure). Returns the
 * milliseconds until sign-in may be tried again when this failure blocked the email or the IP, else 0.
 */
export async function recordFailedSignIn(
  store: RateLimitStore,
  attempt: SignInAttempt,
  now = Date.now(),
) {
  let longest = 0
  for (const throttle of throttles(attempt)) {
    await store.hit(throttle.failKey, throttle.limit, throttle.windowMs, now)
    const failures = await store.peek(throttle.failKey, throttle.windowMs, now)
    if (failures < throttle.limit) continue
    await store.hit(throttle.blockKey, 1, throttle.windowMs, now)
    await store.reset(throttle.failKey)
    longest = Math.max(longest, throttle.windowMs)
  }
  return longest
}

/**
 * A successful sign-in forgets the email's failures. The IP's stay: otherwise one account of the
 * attacker's own would wipe the IP's count between guesses at other people's passwords.
 */
export async function clearFailedSignIns(store: RateLimitStore, email: string) {
  await store.reset(throttles({ email, ip: '' })[0]!.failKey)
}

/** Counts one contact message from `ip`; false when the hourly limit is used up. */
export async function allowContactMessage(store: RateLimitStore, ip: string, now = Date.now()) {
  const result = await store.hit(
    `contact:${ip || 'unknown'}`,
    CONTACT_MESSAGES.limit,
    CONTACT_MESSAGES.windowMs,
    now,
  )
  return result.allowed
}
