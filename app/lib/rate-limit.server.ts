import type { ClaimedWindow, LimitClaim, RateLimitStore } from '~/lib/data/store'

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE

/*
 * Every limit is claimed before the work it guards (checking a password, looking an order up,
 * sending mail), in one atomic step in the store: N parallel attempts are judged at most the limit.
 * A limit is a key, a number and a window; claimLimits takes one claim from each of a few at once.
 */

/** Five failed sign-ins for one email within 15 minutes block that email for 15 minutes. */
export const SIGN_IN_FAILURES = { limit: 5, windowMs: 15 * MINUTE } as const
/**
 * Twenty failed sign-ins from one client IP within 15 minutes block that IP for 15 minutes, whatever
 * the emails: one address guessing passwords across many accounts stays under each email's limit.
 */
export const SIGN_IN_FAILURES_PER_IP = { limit: 20, windowMs: 15 * MINUTE } as const
/** Reset links asked for one email: a mailbox is not flooded, whoever asks. */
export const RESET_REQUESTS_PER_EMAIL = { limit: 3, windowMs: HOUR } as const
export const RESET_REQUESTS_PER_IP = { limit: 10, windowMs: HOUR } as const
/** Sign-ups from one client IP (a taken email mails its owner: this bounds those mails too). */
export const SIGN_UPS_PER_IP = { limit: 10, windowMs: HOUR } as const
/** At most five contact messages per IP address per hour. */
export const CONTACT_MESSAGES = { limit: 5, windowMs: HOUR } as const

export const CONTACT_LIMIT_MESSAGE =
  'You have sent 5 messages in the last hour, which is our limit. Please try again later, or email us directly.'

/** "12 minutes", rounded up so it never says "0 minutes". */
export function minutesFrom(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE))
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}

/** "Too many attempts; try again in 12 minutes". */
export function signInBlockedMessage(retryAfterMs: number) {
  return `Too many attempts; try again in ${minutesFrom(retryAfterMs)}`
}

/** Said when a per-address limit refuses: it names no email, so it tells nothing about accounts. */
export function tooManyFromHereMessage(retryAfterMs: number) {
  return `Too many requests from here; try again in ${minutesFrom(retryAfterMs)}`
}

/** Who is asking, for a limit's key: without a known address (no load context) all share one. */
export function clientKey(ip: string) {
  return ip || 'unknown'
}

/** The key of one client's sign-ups. */
export function signUpLimitKey(ip: string) {
  return `signup:${clientKey(ip)}`
}

/** The key of one client's reset requests (the email's own key is `resetEmailLimitKey`). */
export function resetIpLimitKey(ip: string) {
  return `reset-ip:${clientKey(ip)}`
}

export function resetEmailLimitKey(email: string) {
  return `reset:${email.trim().toLowerCase()}`
}

/** A claim granted on every limit asked for. */
export type GrantedClaim = {
  ok: true
  windows: ClaimedWindow[]
  /**
   * When this claim filled a limit: the milliseconds until that limit takes claims again (the
   * longest, when it filled several); else 0.
   */
  filledFor: number
}
/** A claim refused: `key` is the limit that is full, `retryAfterMs` when it takes claims again. */
export type RefusedClaim = { ok: false; key: string; retryAfterMs: number }

/**
 * Takes one claim from each limit, all or none, before the guarded work. The shared entry for every
 * limit: a new one is a key and a `{ limit, windowMs }`.
 */
export async function claimLimits(
  store: RateLimitStore,
  limits: readonly LimitClaim[],
): Promise<GrantedClaim | RefusedClaim> {
  const result = await store.claim(limits)
  if (!result.allowed) return { ok: false, key: result.key, retryAfterMs: result.retryAfterMs }
  // The claim that fills a window starts it afresh: that limit is full for a whole window from now.
  const filledFor = Math.max(0, ...result.windows.map((w) => (w.remaining > 0 ? 0 : w.windowMs)))
  return { ok: true, windows: result.windows, filledFor }
}

/** Gives back the claims on these keys (work that turned out not to count against them). */
export async function giveBack(
  store: RateLimitStore,
  claim: GrantedClaim,
  keys: readonly string[],
) {
  for (const window of claim.windows) {
    if (keys.includes(window.key)) await store.release(window)
  }
}

/** Who is signing in: the email typed and the client IP from the load context. */
export type SignInAttempt = { email: string; ip: string }

export function signInEmailKey(email: string) {
  return `signin-fail:${email.trim().toLowerCase()}`
}

export function signInIpKey(ip: string) {
  return `signin-ip-fail:${clientKey(ip)}`
}

/**
 * Claims one failure on the sign-in's email and IP before its password is checked: at most five
 * (per email) and twenty (per IP) are being checked or have failed in a window. Refused: blocked,
 * with when to try again (the later of the two, when both are full).
 */
export async function claimSignIn(store: RateLimitStore, { email, ip }: SignInAttempt) {
  const limits = [
    { key: signInEmailKey(email), ...SIGN_IN_FAILURES },
    { key: signInIpKey(ip), ...SIGN_IN_FAILURES_PER_IP },
  ]
  return claimLimits(store, limits)
}

/**
 * A sign-in whose password was right: its claims go back, and its email's failures are forgotten.
 * The IP's earlier failures stay: otherwise one account of the attacker's own would wipe the IP's
 * count between guesses at other people's passwords.
 */
export async function signInSucceeded(
  store: RateLimitStore,
  claim: GrantedClaim,
  { email, ip }: SignInAttempt,
) {
  await giveBack(store, claim, [signInIpKey(ip)])
  await store.reset(signInEmailKey(email))
}
