import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { backgroundLoop, type BackgroundLoopOptions } from './background-loop.server'

const T0 = '2026-03-08T08:00:00.000Z'
const POLL_MS = 60_000

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/**
 * Moves the fake clock on by `ms`, running the timers due and the promises they start. A wake from
 * the loop's own timer runs on the next turn (setImmediate), which the fake clock puts one
 * millisecond after the timer.
 */
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms)

const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString()

/**
 * A loop whose passes are counted; `hold()` makes the next pass wait until released, and
 * `due` is what nextDueAt answers.
 */
function counted(overrides: Partial<BackgroundLoopOptions> = {}) {
  const state = {
    passes: 0,
    /** When each pass began, in ms after T0. */
    times: [] as number[],
    errors: [] as unknown[],
    due: null as string | null,
    held: null as ReturnType<typeof deferred> | null,
    stoppingSeen: [] as boolean[],
  }
  const loop = backgroundLoop({
    job: 'test-loop',
    async work() {
      state.passes += 1
      state.times.push(Date.now() - Date.parse(T0))
      const held = state.held
      state.held = null
      if (held) await held.promise
      state.stoppingSeen.push(loop.stopping)
    },
    nextDueAt: () => Promise.resolve(state.due),
    pollMs: POLL_MS,
    onError: (error) => void state.errors.push(error),
    ...overrides,
  })
  return Object.assign(state, {
    loop,
    hold() {
      state.held = deferred()
      return state.held
    },
  })
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse(T0) })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('a background loop', () => {
  it('does what is due on the turn after start, not inside it, then sleeps until the next due time', async () => {
    const job = counted()
    job.due = at(5_000)
    job.loop.start()
    expect(job.passes).toBe(0)
    await tick()
    expect(job.times).toEqual([0])
    await tick(4_999)
    expect(job.times).toEqual([0])
    await tick(2)
    expect(job.times).toEqual([0, 5_001])
    // A second start changes nothing.
    job.due = null
    job.loop.start()
    await tick()
    expect(job.passes).toBe(2)
    expect(job.errors).toEqual([])
    await job.loop.stop()
  })

  it.each([
    ["nothing is due: pollMs, for other instances' work", null, [0, 60_001, 120_002]],
    ['work is due later than a poll away: pollMs', at(10 * POLL_MS), [0, 60_001, 120_002]],
    [
      'work is due but not taken (claimed elsewhere): the shortest delay, not at once',
      at(0),
      [0, 2_001, 4_002],
    ],
  ])('sleeps, when %s', async (_, due, times) => {
    const job = counted({ minDelayMs: 2_000 })
    job.due = due
    job.loop.start()
    await tick()
    await tick(POLL_MS * 2 + 10)
    expect(job.times.slice(0, 3)).toEqual(times)
    await job.loop.stop()
  })

  it('runs one pass for the wakes of one turn, and none before start or after stop', async () => {
    const job = counted()
    job.loop.wake()
    await tick()
    expect(job.passes).toBe(0)
    job.loop.start()
    job.loop.wake()
    job.loop.wake()
    await tick()
    expect(job.passes).toBe(1)
    job.loop.wake()
    job.loop.wake()
    await tick()
    expect(job.passes).toBe(2)
    await job.loop.stop()
    job.loop.wake()
    await tick(10 * POLL_MS)
    expect(job.passes).toBe(2)
  })

  it('runs once more right after the pass under way when woken during it, however often', async () => {
    const job = counted()
    const first = job.hold()
    job.loop.start()
    await tick()
    expect(job.passes).toBe(1)
    job.loop.wake()
    job.loop.wake()
    job.loop.wake()
    await tick()
    // Never two passes at once.
    expect(job.passes).toBe(1)
    first.resolve()
    await tick()
    expect(job.passes).toBe(2)
    // Then it sleeps.
    await tick(POLL_MS - 1)
    expect(job.passes).toBe(2)
    await job.loop.stop()
  })

  it('stops after the pass in hand and the passes it tracks, and never runs again', async () => {
    const job = counted()
    const inHand = job.hold()
    const tracked = deferred()
    job.loop.start()
    await tick()
    void job.loop.track(tracked.promise)
    let stopped = false
    const stopping = job.loop.stop().then(() => {
      stopped = true
    })
    expect(job.loop.stopping).toBe(true)
    await tick()
    expect(stopped).toBe(false)
    inHand.resolve()
    await tick()
    // The pass saw the stop (to end early) and is done; the tracked one still holds the stop.
    expect(job.stoppingSeen).toEqual([true])
    expect(stopped).toBe(false)
    tracked.resolve()
    await stopping
    expect(stopped).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
    await tick(10 * POLL_MS)
    expect(job.passes).toBe(1)
  })

  it('reports failing work and a failing next-due look-up, and carries on', async () => {
    const job = counted()
    const failing = job.hold()
    job.loop.start()
    await tick()
    failing.reject(new Error('store down'))
    await tick()
    expect(job.errors).toEqual([new Error('store down')])
    // Slept as usual, and tries again.
    await tick(POLL_MS + 1)
    expect(job.times).toEqual([0, POLL_MS + 1])

    const failingNext = counted({ nextDueAt: () => Promise.reject(new Error('no index')) })
    failingNext.loop.start()
    await tick()
    expect(failingNext.errors).toEqual([new Error('no index')])
    await tick(POLL_MS + 1)
    expect(failingNext.passes).toBe(2)
    expect(failingNext.errors).toHaveLength(2)
    await Promise.all([job.loop.stop(), failingNext.loop.stop()])
  })

  it('hears the in-process event from start until stop', async () => {
    const listeners = new Set<() => void>()
    const job = counted({
      listen(wake) {
        listeners.add(wake)
        return () => void listeners.delete(wake)
      },
    })
    expect(listeners.size).toBe(0)
    job.loop.start()
    await tick()
    expect(job.passes).toBe(1)
    for (const listener of listeners) listener()
    await tick()
    expect(job.passes).toBe(2)
    await job.loop.stop()
    expect(listeners.size).toBe(0)
  })

  it('never keeps the process alive while it sleeps', async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout')
    const job = counted()
    job.loop.start()
    await tick()
    const timers = setTimeoutSpy.mock.results.map((result) => result.value as NodeJS.Timeout)
    expect(timers).toHaveLength(1)
    expect(timers[0]!.hasRef()).toBe(false)
    await job.loop.stop()
  })
})
