import { LRUCache } from 'lru-cache'

import type { ContentSource, Story, StoryQuery } from './types'

/** How long a copy is served before the next read looks for published changes in the background. */
export const REVALIDATE_AFTER_MS = 60_000
/** While Storyblok fails, how long to wait before trying it again. */
export const RETRY_AFTER_MS = 5_000
/** Distinct stories and listings kept; a visitor asking for made-up slugs cannot grow it further. */
const MAX_ENTRIES = 1_000

export type ContentHealth =
  | { degraded: false }
  | {
      degraded: true
      /** When the first call of this outage failed. */
      since: Date
      /** Why the last call failed. */
      reason: string
    }

/** A content source that survives its origin's outages, and says whether it is in one. */
export interface ResilientContentSource extends ContentSource {
  health(): ContentHealth
  /** Resolves once no background look is under way (an orderly shutdown waits for it). */
  settled(): Promise<void>
}

export function isResilient(source: ContentSource): source is ResilientContentSource {
  return 'health' in source && typeof source.health === 'function'
}

/** Thrown when a story has no copy yet and Storyblok cannot give one. */
export class ContentUnavailableError extends Error {
  constructor(what: string, reason: unknown) {
    const detail = reason instanceof Error ? reason.message : String(reason)
    super(`${what} is unavailable (${detail}) and no copy of it has been kept`, { cause: reason })
    this.name = 'ContentUnavailableError'
  }
}

type Options = {
  revalidateAfterMs?: number
  retryAfterMs?: number
  now?: () => number
  /**
   * Called once fresh copies replaced out-of-date ones (a publish seen by the webhook or the
   * background look), so caches of rendered pages drop what they hold.
   */
  onChange?: () => void
}

type Entry = {
  load: () => Promise<unknown>
  /** The last good answer; absent until one came. */
  copy?: { value: unknown }
  /** A publish was seen since the copy was fetched (or there is no copy): fetch it again. */
  outdated: boolean
  /** The foreground fetch of a first view, shared by every request waiting for it. */
  fetching?: Promise<unknown>
}

/**
 * Keeps the last good answer for every story and listing read through `origin`
 * (stale-if-error), and looks for published changes in the background (stale-while-revalidate):
 * a visitor waits for Storyblok only on the first view of a story, and not even then while
 * Storyblok is known to be failing. `refresh()` (the webhook) refetches what a publish changed
 * before it returns.
 */
export function withLastGoodCopy(origin: ContentSource, options: Options = {}): ResilientContentSource {
  const revalidateAfterMs = options.revalidateAfterMs ?? REVALIDATE_AFTER_MS
  const retryAfterMs = options.retryAfterMs ?? RETRY_AFTER_MS
  const now = options.now ?? Date.now

  const entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES })
  let failure: { since: number; reason: string } | null = null
  // Time of the next background look; a publish (refresh) or a failure moves it.
  let nextCheckAt = now() + revalidateAfterMs
  let revalidating: Promise<void> | null = null

  function succeeded() {
    if (!failure) return
    const seconds = Math.round((now() - failure.since) / 1000)
    console.warn(`Content: Storyblok answers again after ${seconds} s of failures`)
    failure = null
  }

  function failed(error: unknown) {
    const reason = error instanceof Error ? error.message : String(error)
    nextCheckAt = now() + retryAfterMs
    // Once per outage, not once per request.
    if (!failure) console.warn(`Content: Storyblok is failing (${reason}); serving the last good copies`)
    failure = { since: failure?.since ?? now(), reason }
  }

  async function fetchEntry(entry: Entry): Promise<unknown> {
    try {
      const value = deepFreeze(await entry.load())
      entry.copy = { value }
      entry.outdated = false
      succeeded()
      return value
    } catch (error) {
      failed(error)
      throw error
    }
  }

  /** Looks for a publish, then refetches every copy that is out of date. Never rejects. */
  async function revalidate(): Promise<void> {
    try {
      // A publish makes every copy out of date; so does the first look after an outage, which
      // may have hidden one (the webhook's own refresh failed with the rest).
      const published = await origin.refresh()
      if (published || failure) for (const entry of entries.values()) entry.outdated = true
      succeeded()
    } catch (error) {
      failed(error)
      return
    }
    const outdated = [...entries.values()].filter((entry) => entry.outdated)
    await Promise.all(outdated.map((entry) => fetchEntry(entry).catch(() => {})))
    if (outdated.length) options.onChange?.()
    if (!failure) nextCheckAt = now() + revalidateAfterMs
  }

  function revalidateOnce(): Promise<void> {
    revalidating ??= revalidate().finally(() => {
      revalidating = null
    })
    return revalidating
  }

  async function read<T>(key: string, what: string, load: () => Promise<T>): Promise<T> {
    let entry = entries.get(key)
    if (now() >= nextCheckAt) void revalidateOnce()
    if (entry?.copy) return entry.copy.value as T
    if (!entry) {
      entry = { load, outdated: true }
      entries.set(key, entry)
    }
    // A first view waits for Storyblok, unless it is known to be failing: then the background
    // look above fetches the story once Storyblok is back, and the caller falls back meanwhile.
    if (failure) throw new ContentUnavailableError(what, failure.reason)
    const pending = entry
    pending.fetching ??= fetchEntry(pending).finally(() => {
      pending.fetching = undefined
    })
    try {
      return (await pending.fetching) as T
    } catch (error) {
      throw new ContentUnavailableError(what, error)
    }
  }

  return {
    kind: origin.kind,
    story(fullSlug, opts) {
      const relations = opts?.resolveRelations?.join(',') ?? ''
      return read<Story | null>(`story:${fullSlug}|${relations}`, `The story "${fullSlug}"`, () =>
        origin.story(fullSlug, opts),
      )
    },
    stories(query: StoryQuery) {
      return read<Story[]>(`stories:${JSON.stringify(query)}`, `The stories under "${query.startsWith}"`, () =>
        origin.stories(query),
      )
    },
    async refresh() {
      // A look already under way may have asked before the publish: wait for it, then look again.
      await revalidating
      const before = failure
      await revalidateOnce()
      if (failure && failure !== before) throw new Error(`Content refresh failed: ${failure.reason}`)
      return true
    },
    async settled() {
      await revalidating
    },
    health() {
      return failure ? { degraded: true, since: new Date(failure.since), reason: failure.reason } : { degraded: false }
    },
  }
}

/** Copies are shared by every request: freezing them turns an accidental edit into an error. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
