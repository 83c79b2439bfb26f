import { systemClock, type Clock } from '~/lib/clock'
import { inJobScope } from '~/lib/request-scope.server'

/*
 * A process-wide background worker (the mail sender, the Bob Go sync job): it does all the work due
 * now, then sleeps until the next work falls due (or at most `pollMs`, for work added by other
 * instances), wakes early when this process adds work, never runs two passes at once, and stops
 * cleanly, awaiting the pass in hand.
 */

/** The shortest sleep, so work due but claimed elsewhere never spins the loop. */
export const MIN_DELAY_MS = 1_000

export type BackgroundLoopOptions = {
  /** The job's name on every log line its passes write (`job`), instead of a request's id. */
  job: string
  /** Does all the work due now; resolves when none is left (and should end early once stopping). */
  work: () => Promise<unknown>
  /** When the next work falls due (ISO 8601), or null when none waits. */
  nextDueAt: () => Promise<string | null>
  /** The longest sleep: how often the loop looks for work added by other instances. */
  pollMs: number
  /** The shortest sleep; default MIN_DELAY_MS. */
  minDelayMs?: number
  /** The clock sleeps are planned by; default the system's. */
  clock?: Clock
  /** A failure of `work` or `nextDueAt` (one log line); the loop carries on after its sleep. */
  onError: (error: unknown) => void
  /** Subscribes `wake` to this process's "work added" event from start; returns the unsubscribe. */
  listen?: (wake: () => void) => () => void
}

export type BackgroundLoop = {
  /** Does what is due now (soon, not inside the caller), then keeps going. Once only. */
  start(): void
  /**
   * Looks for due work soon: on the next turn of the event loop (never inside the caller's step:
   * work is announced after its write committed), or once more right after the pass under way.
   */
  wake(): void
  /** Passes run outside the loop (a caller's "do what is due now") that stop() also waits for. */
  track<T>(pass: Promise<T>): Promise<T>
  /** True from start() on. */
  readonly started: boolean
  /** True from stop() on: work ends early, between items. */
  readonly stopping: boolean
  /** Stops waking and resolves once the pass in hand and every tracked pass have settled. */
  stop(): Promise<void>
}

export function backgroundLoop(options: BackgroundLoopOptions): BackgroundLoop {
  const { job, work, nextDueAt, pollMs, onError } = options
  const minDelayMs = options.minDelayMs ?? MIN_DELAY_MS
  const clock = options.clock ?? systemClock
  let started = false
  let stopping = false
  let timer: NodeJS.Timeout | undefined
  let wakeQueued = false
  let running: Promise<void> | null = null
  let again = false
  let stopListening = () => {}
  const passes = new Set<Promise<unknown>>()

  function track<T>(pass: Promise<T>): Promise<T> {
    passes.add(pass)
    const forget = () => void passes.delete(pass)
    void pass.then(forget, forget)
    return pass
  }

  async function schedule() {
    let delay = pollMs
    try {
      const next = await nextDueAt()
      if (next !== null) delay = Math.min(pollMs, Date.parse(next) - clock().getTime())
    } catch (error) {
      onError(error)
    }
    if (stopping) return
    clearTimeout(timer)
    timer = setTimeout(wake, Math.max(minDelayMs, delay))
    // A sleeping loop never keeps the process alive.
    timer.unref()
  }

  function run() {
    clearTimeout(timer)
    // A pass may be woken from a request (mail it enqueued): it still logs as the job.
    running = inJobScope(job, async () => {
      try {
        do {
          again = false
          await work()
        } while (again && !stopping)
      } catch (error) {
        onError(error)
      }
      if (!stopping) await schedule()
    }).finally(() => {
      running = null
    })
  }

  function wake() {
    if (!started || stopping) return
    if (running) {
      again = true
      return
    }
    if (wakeQueued) return
    wakeQueued = true
    setImmediate(() => {
      wakeQueued = false
      if (running) again = true
      else if (!stopping) run()
    })
  }

  return {
    start() {
      if (started) return
      started = true
      if (options.listen) stopListening = options.listen(wake)
      wake()
    },
    wake,
    track,
    get started() {
      return started
    },
    get stopping() {
      return stopping
    },
    async stop() {
      stopping = true
      clearTimeout(timer)
      stopListening()
      await Promise.allSettled([running, ...passes])
    },
  }
}
