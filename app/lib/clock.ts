/**
 * The shop's one reading of the current time. Code that decides by the time takes a `Clock` (the
 * store, the mail sender, sign-in sessions) or calls `now()` here; nothing else reads the system
 * time, so a test fixes "now" by handing in its own clock (or with `vi.setSystemTime`).
 */
export type Clock = () => Date

/** The real time. */
export const systemClock: Clock = () => new Date()

/** Now, as a Date. */
export function now(): Date {
  return systemClock()
}

/** Now, in milliseconds since the epoch (for durations and windows). */
export function nowMs(): number {
  return now().getTime()
}

/** Now, as the ISO 8601 string the store keeps. */
export function nowIso(): string {
  return now().toISOString()
}
