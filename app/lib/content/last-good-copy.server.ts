import { createHash } from 'node:crypto'

import { LRUCache } from 'lru-cache'

import { nowMs } from '~/lib/clock'
import type { ContentCopyStore } from '~/lib/data/store'
import { errorSummary, logger } from '~/lib/log.server'

import { parseStory } from './story.server'
import type { ContentSource, Story, StoryQuery } from './types'

/** How long a copy is served before the next read looks for published changes in the background. */
export const REVALIDATE_AFTER_MS = 60_000
/** While Storyblok fails, how long to wait before trying it again. */
export const RETRY_AFTER_MS = 5_000
/**
 * Distinct stories and listings kept in memory, and written to the data store by one process; a
 * visitor asking for made-up slugs cannot grow either further (and a slug Storyblok does not know
 * is never written).
 */
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
  /**
   * Resolves once no background look nor copy write is under way (an orderly shutdown waits for
   * it).
   */
  settled(): Promise<void>
  /** Stops the looks on a timer ({@link Options.watch}); reads still look when they are due. */
  stop(): void
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
  /**
   * Where copies are kept beyond this process (the data store): each answer Storyblok gives is
   * written there behind the request, and a story with no copy in memory while Storyblok fails is
   * read from there, so an instance started during an outage serves the last published content.
   */
  copies?: ContentCopyStore
  /**
   * Looks for publishes and outages on a timer as well, not only when a visitor reads: pages
   * served from the page cache read no content, and /healthz must still see an outage begin and
   * end.
   */
  watch?: boolean
}

type Entry = {
  key: string
  load: () => Promise<unknown>
  /** Turns a stored copy's parsed JSON back into what `load` answers; throws when it cannot. */
  decode: (json: unknown) => unknown
  /** The last good answer; absent until one came. */
  copy?: { value: unknown }
  /** A publish was seen since the copy was fetched (or there is no copy): fetch it again. */
  outdated: boolean
  /** The foreground fetch of a first view, shared by every request waiting for it. */
  fetching?: Promise<unknown>
  /** A hash of the JSON the data store holds for this key, once known: an equal copy is not written. */
  storedHash?: string
  /** The outage (its start) during which the data store was asked for this key and had nothing. */
  notStoredDuring?: number
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
  const now = options.now ?? nowMs

  const entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES })
  let failure: { since: number; reason: string } | null = null
  // Time of the next background look; a publish (refresh) or a failure moves it.
  let nextCheckAt = now() + revalidateAfterMs
  let revalidating: Promise<void> | null = null
  // Copies are written one at a time, behind the requests that fetched them.
  let writing: Promise<void> = Promise.resolve()
  const written = new Set<string>()
  let timer: ReturnType<typeof setInterval> | undefined

  function succeeded() {
    if (!failure) return
    const seconds = Math.round((now() - failure.since) / 1000)
    logger.warn(`Content: Storyblok answers again after ${seconds} s of failures`)
    failure = null
  }

  function failed(error: unknown) {
    const reason = error instanceof Error ? error.message : String(error)
    nextCheckAt = now() + retryAfterMs
    // Once per outage, not once per request.
    if (!failure) logger.warn(`Content: Storyblok is failing (${reason}); serving the last good copies`)
    failure = { since: failure?.since ?? now(), reason }
  }

  async function fetchEntry(entry: Entry): Promise<unknown> {
    try {
      const value = deepFreeze(await entry.load())
      entry.copy = { value }
      entry.outdated = false
      succeeded()
      keep(entry, value)
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

  /**
   * Writes Storyblok's answer to the data store behind the request (never awaited by it; a failure
   * is logged), unless it is the copy already there. A story Storyblok does not have (null) is not
   * written, and one process writes at most MAX_ENTRIES keys.
   */
  function keep(entry: Entry, value: unknown) {
    const copies = options.copies
    if (!copies || value === null) return
    if (!written.has(entry.key) && written.size >= MAX_ENTRIES) return
    written.add(entry.key)
    const fetchedAt = new Date(now()).toISOString()
    writing = writing
      // After the answer went out: serialising a listing is not the visitor's wait.
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(async () => {
        const json = JSON.stringify(value)
        const hash = hashOf(json)
        if (entry.storedHash === hash) return
        await copies.put(entry.key, json, fetchedAt)
        entry.storedHash = hash
      })
      .catch((error: unknown) => {
        logger.error(`Content: the copy of ${entry.key} could not be stored: ${errorSummary(error)}`)
      })
  }

  /**
   * The copy the data store holds for `entry`, now in memory too; null when it has none (asked
   * once per outage) or cannot be read.
   */
  async function storedCopy(entry: Entry): Promise<{ value: unknown } | null> {
    const copies = options.copies
    const outage = failure?.since
    if (!copies || (outage !== undefined && entry.notStoredDuring === outage)) return null
    try {
      const kept = await copies.get(entry.key)
      if (kept) {
        const value = deepFreeze(entry.decode(JSON.parse(kept.json)))
        entry.storedHash = hashOf(kept.json)
        // Fetched again at the first look that finds Storyblok answering.
        entry.outdated = true
        entry.copy ??= { value }
        return entry.copy
      }
    } catch (error) {
      logger.error(`Content: the stored copy of ${entry.key} could not be read: ${errorSummary(error)}`)
    }
    entry.notStoredDuring = outage
    return null
  }

  /**
   * The first copy of a story or listing: Storyblok's answer, or while Storyblok fails (known
   * before, or found now) the copy in the data store.
   */
  async function firstCopy(entry: Entry): Promise<unknown> {
    let reason: unknown = failure?.reason
    if (!failure) {
      try {
        return await fetchEntry(entry)
      } catch (error) {
        reason = error
      }
    }
    const stored = await storedCopy(entry)
    if (stored) return stored.value
    throw reason instanceof Error ? reason : new Error(String(reason))
  }

  function revalidateOnce(): Promise<void> {
    revalidating ??= revalidate().finally(() => {
      revalidating = null
    })
    return revalidating
  }

  async function read<T>(
    key: string,
    what: string,
    load: () => Promise<T>,
    decode: (json: unknown) => T,
  ): Promise<T> {
    let entry = entries.get(key)
    if (now() >= nextCheckAt) void revalidateOnce()
    if (entry?.copy) return entry.copy.value as T
    if (!entry) {
      entry = { key, load, decode, outdated: true }
      entries.set(key, entry)
    }
    // A first view waits for Storyblok, unless it is known to be failing: then it gets the stored
    // copy, or fails and the caller falls back, and the background look above fetches the story
    // once Storyblok is back.
    const pending = entry
    pending.fetching ??= firstCopy(pending).finally(() => {
      pending.fetching = undefined
    })
    try {
      return (await pending.fetching) as T
    } catch (error) {
      throw new ContentUnavailableError(what, error)
    }
  }

  if (options.watch) {
    // Ticks at the retry interval and looks when a look is due, as a visitor's read would: a
    // failure brings the next look closer, a read that looked moves it away.
    timer = setInterval(
      () => {
        if (now() >= nextCheckAt) void revalidateOnce()
      },
      Math.min(retryAfterMs, revalidateAfterMs),
    )
    // A timer alone never keeps the process alive.
    timer.unref()
  }

  return {
    kind: origin.kind,
    story(fullSlug, opts) {
      const relations = opts?.resolveRelations?.join(',') ?? ''
      const what = `The story "${fullSlug}"`
      return read<Story | null>(
        `story:${fullSlug}|${relations}`,
        what,
        () => origin.story(fullSlug, opts),
        (json) => (json === null ? null : parseStory(json, `the stored copy of ${fullSlug}`)),
      )
    },
    stories(query: StoryQuery) {
      const what = `The stories under "${query.startsWith}"`
      return read<Story[]>(
        `stories:${JSON.stringify(query)}`,
        what,
        () => origin.stories(query),
        (json) => {
          if (!Array.isArray(json)) throw new Error(`the stored copy of ${what} is not a list`)
          return json.map((story, i) => parseStory(story, `the stored copy of ${query.startsWith} #${i}`))
        },
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
      await writing
    },
    stop() {
      clearInterval(timer)
    },
    health() {
      return failure ? { degraded: true, since: new Date(failure.since), reason: failure.reason } : { degraded: false }
    },
  }
}

const hashOf = (json: string) => createHash('sha1').update(json).digest('base64')

/** Copies are shared by every request: freezing them turns an accidental edit into an error. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}
