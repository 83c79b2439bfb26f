import { vi } from 'vitest'

import type { Clock } from './clock'

/**
 * A clock the test moves by hand, so order by time never depends on how fast the machine runs.
 * Hand `now` to the store (`openStore({ now })`, `memoryStore({ now })`) or anything else taking a
 * `Clock`; every time it stamps or judges is then the test's.
 */
export function manualClock(start: string | number) {
  let at = typeof start === 'number' ? start : Date.parse(start)
  const now: Clock = () => new Date(at)
  return {
    now,
    /** Moves the time on by `minutes` (fractions allowed). */
    advance(minutes: number) {
      at += minutes * 60_000
    },
    /** Sets the time, ISO-8601 or milliseconds (a test that asks about several moments in turn). */
    set(time: string | number) {
      at = typeof time === 'number' ? time : Date.parse(time)
    },
  }
}

export type ManualClock = ReturnType<typeof manualClock>

/**
 * Runs `write` with the system time set to `at` (so the process's store, on the real clock, stamps
 * its writes then), and gives the real time back after. Not for a test that fakes timers itself.
 */
export async function atSystemTime<T>(at: string | Date, write: () => Promise<T>): Promise<T> {
  vi.setSystemTime(at)
  try {
    return await write()
  } finally {
    vi.useRealTimers()
  }
}
