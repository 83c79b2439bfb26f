import StoryblokClient from 'storyblok-js-client'

import { parseStory } from './story.server'
import type { ContentSource, Story, StoryQuery } from './types'

export type StoryblokOptions = {
  accessToken: string
  version: 'published' | 'draft'
  region?: string
  /** Overrides the API base URL, e.g. `https://api.storyblok.com/v2` or a fake CDN in tests. */
  endpoint?: string
  /** First wait after a 429; each further retry waits twice as long. */
  retryBaseDelayMs?: number
  /** How long one call may take, answer included, before it fails; defaults to {@link TIMEOUT_SECONDS}. */
  timeoutSeconds?: number
}

export const PER_PAGE = 25
export const REQUESTS_PER_SECOND = 5
export const MAX_429_RETRIES = 5
/** A Storyblok call that has not answered in this time fails, so a hanging CDN cannot hang the shop. */
export const TIMEOUT_SECONDS = 3

/**
 * Content from Storyblok's CDN through storyblok-js-client, uncached: every call asks the CDN and
 * fails within the timeout. `withLastGoodCopy` (last-good-copy.server.ts) keeps what it answered.
 */
export function createStoryblokSource(options: StoryblokOptions): ContentSource {
  const timeoutSeconds = options.timeoutSeconds ?? TIMEOUT_SECONDS
  const client = new StoryblokClient({
    accessToken: options.accessToken,
    version: options.version,
    region: options.region,
    endpoint: options.endpoint,
    // NOTE: no client cache. Its memory cache keys each URL by the `cv` it carried, and the first
    // call of a process goes out before any `cv` is known, so that first entry was written under a
    // key no later call reads. Our own cache keeps one copy per story instead, and keeps it through
    // outages, which the client's cache (emptied on every new `cv`) could not.
    cache: { type: 'none' },
    timeout: timeoutSeconds,
    rateLimit: REQUESTS_PER_SECOND,
    fetch: retryingFetch(options.retryBaseDelayMs ?? 250, timeoutSeconds * 1000),
  })

  return {
    kind: 'storyblok',
    async story(fullSlug, opts) {
      try {
        const { data } = await client.getStory(fullSlug.replace(/^\/+/, ''), {
          version: options.version,
          resolve_relations: opts?.resolveRelations?.join(','),
        })
        return parseStory(data.story, `Storyblok story ${fullSlug}`)
      } catch (error) {
        if (isStatus(error, 404)) return null
        throw asError(error, `Storyblok story ${fullSlug}`)
      }
    },
    async stories(query: StoryQuery) {
      try {
        // NOTE: the client passes `starts_with` on to the requests that resolve relations, so
        // relations of a listing must live under the same folder.
        const { data } = await client.getStories({
          version: options.version,
          starts_with: query.startsWith.replace(/^\/+/, ''),
          sort_by: query.sortBy,
          per_page: query.perPage ?? PER_PAGE,
          is_startpage: false,
          resolve_relations: query.resolveRelations?.join(','),
        })
        const stories: unknown[] = Array.isArray(data.stories) ? data.stories : []
        return stories.map((story, i): Story => parseStory(story, `Storyblok ${query.startsWith} #${i}`))
      } catch (error) {
        throw asError(error, `Storyblok stories under ${query.startsWith}`)
      }
    },
    async refresh() {
      // The space's current version is the `cv` every CDN URL must carry from now on; a changed
      // one means something was published since.
      const space = await client.get('cdn/spaces/me', { version: options.version }).then(
        ({ data }) => data as { space?: { version?: unknown } } | undefined,
        (error: unknown) => {
          throw asError(error, 'Storyblok cdn/spaces/me')
        },
      )
      const cv = space?.space?.version
      if (typeof cv !== 'number') throw new Error('Storyblok cdn/spaces/me answered without space.version')
      if (cv === client.cacheVersion()) return false
      client.setCacheVersion(cv)
      return true
    },
  }
}

/**
 * storyblok-js-client retries a 429 after a fixed delay; Storyblok asks clients to back off, so 429s
 * are retried here with a doubling delay (or the server's Retry-After when longer). After the last
 * retry this throws, which the client reports as an error instead of starting its own retries.
 * The whole call, retries and body included, ends at `timeoutMs`.
 */
export function retryingFetch(baseDelayMs: number, timeoutMs: number): typeof fetch {
  return async (input, init) => {
    // NOTE: the client's own timeout is cleared as soon as the headers arrive; this deadline also
    // covers a CDN that sends headers and then stalls the body.
    const deadline = AbortSignal.timeout(timeoutMs)
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(input, { ...init, signal })
      if (response.status !== 429) return response
      if (attempt >= MAX_429_RETRIES) {
        throw new Error(`Storyblok still rate limited (429) after ${MAX_429_RETRIES} retries`)
      }
      await response.body?.cancel()
      const retryAfter = Number(response.headers.get('retry-after')) * 1000
      const wait = Math.max(baseDelayMs * 2 ** attempt, Number.isFinite(retryAfter) ? retryAfter : 0)
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
}

function isStatus(error: unknown, status: number) {
  return Boolean(error && typeof error === 'object' && 'status' in error && error.status === status)
}

function asError(error: unknown, what: string): Error {
  if (error instanceof Error) return error
  const detail =
    error && typeof error === 'object'
      ? [
          'status' in error ? `status ${String(error.status)}` : '',
          'message' in error ? String(error.message) : '',
        ]
          .filter(Boolean)
          .join(': ')
      : String(error)
  return new Error(`${what} failed${detail ? ` (${detail})` : ''}`)
}
