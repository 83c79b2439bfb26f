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
}

export const PER_PAGE = 25
export const REQUESTS_PER_SECOND = 5
export const MAX_429_RETRIES = 5

/** Content from Storyblok's CDN through storyblok-js-client. */
export function createStoryblokSource(options: StoryblokOptions): ContentSource {
  const client = new StoryblokClient({
    accessToken: options.accessToken,
    version: options.version,
    region: options.region,
    endpoint: options.endpoint,
    // Published responses are cached in memory and dropped whenever a new `cv` is seen.
    cache: { type: 'memory', clear: 'auto' },
    rateLimit: REQUESTS_PER_SECOND,
    fetch: retryingFetch(options.retryBaseDelayMs ?? 250),
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
      // The space's current version is the `cv` every cached URL must carry from now on.
      const { data } = await client.get('cdn/spaces/me', { version: options.version })
      const cv: unknown = data?.space?.version
      if (typeof cv !== 'number') throw new Error('Storyblok cdn/spaces/me answered without space.version')
      if (cv !== client.cacheVersion()) {
        await client.flushCache()
        client.setCacheVersion(cv)
      }
    },
  }
}

/**
 * storyblok-js-client retries a 429 after a fixed delay; Storyblok asks clients to back off, so 429s
 * are retried here with a doubling delay (or the server's Retry-After when longer). After the last
 * retry this throws, which the client reports as an error instead of starting its own retries.
 */
export function retryingFetch(baseDelayMs: number): typeof fetch {
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(input, init)
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
