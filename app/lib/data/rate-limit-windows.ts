import type { ClaimResult, ClaimedWindow, LimitClaim } from './store'

/*
 * The arithmetic of the rate-limit windows, shared by the adapters so SQLite and Firestore judge
 * alike; each adapter only reads the rows and writes the answer back in one atomic step.
 */

/** A key's stored window: when it began and how many claims it holds. */
export type LimitWindow = { windowStart: number; count: number }

/**
 * Judges one claim on every allowance in `claims`, given their stored windows (in the same order):
 * the answer, and the windows to write when it is granted (none when refused).
 */
export function judgeClaim(
  claims: readonly LimitClaim[],
  stored: readonly (LimitWindow | null)[],
  now: number,
): { result: ClaimResult; writes: LimitWindow[] } {
  const current = claims.map(({ windowMs }, i) => {
    const row = stored[i]
    // An ended window (or none yet) starts afresh with this claim.
    return !row || now >= row.windowStart + windowMs ? { windowStart: now, count: 0 } : row
  })
  const full = claims.flatMap((claim, i) => {
    const row = current[i]!
    return row.count >= claim.limit
      ? [{ key: claim.key, retryAfterMs: Math.max(1, row.windowStart + claim.windowMs - now) }]
      : []
  })
  if (full.length > 0) {
    // The longest wait: a try after a shorter one would meet the other full limit.
    const retryAfterMs = Math.max(...full.map((f) => f.retryAfterMs))
    return { result: { allowed: false, key: full[0]!.key, retryAfterMs }, writes: [] }
  }
  const writes = claims.map((claim, i) => {
    const count = current[i]!.count + 1
    // The claim that fills the allowance keeps it full for a whole window from now.
    return { windowStart: count >= claim.limit ? now : current[i]!.windowStart, count }
  })
  const windows: ClaimedWindow[] = claims.map((claim, i) => ({
    key: claim.key,
    windowMs: claim.windowMs,
    windowStart: writes[i]!.windowStart,
    remaining: claim.limit - writes[i]!.count,
  }))
  return { result: { allowed: true, windows }, writes }
}

/**
 * The window after giving back a claim made in `claimed`, or null when there is nothing to give
 * back: the key's window is a later one (the claim's ended), or it holds no claims.
 */
export function windowAfterRelease(
  stored: LimitWindow | null,
  claimed: ClaimedWindow,
): LimitWindow | null {
  if (!stored || stored.count <= 0) return null
  // NOTE: the claim that fills a window moves its start forward, but never by a whole window; a
  // start a whole window or more after the claimed one is a new window, whose claims are not ours.
  const sameWindow =
    stored.windowStart >= claimed.windowStart &&
    stored.windowStart < claimed.windowStart + claimed.windowMs
  return sameWindow ? { windowStart: stored.windowStart, count: stored.count - 1 } : null
}
