import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

import { compareBy, parseStory } from './story.server'
import type { Blok, ContentSource, Story, StoryQuery } from './types'

const MAX_PER_PAGE = 100

/**
 * The embedded content source: Storyblok CDN story JSON (`{ "story": {...} }`) in a folder, one file
 * per story. It answers the same subset of queries the Storyblok adapter does, so pages render the
 * same from either.
 */
export function createFilesSource(root: string): ContentSource {
  let loading: Promise<Map<string, Story>> | null = null

  const all = () => {
    if (!loading) {
      const load = loadStories(root)
      // A failed read (a file half-written while deploying) is tried again, not remembered.
      load.catch(() => {
        if (loading === load) loading = null
      })
      loading = load
    }
    return loading
  }

  return {
    kind: 'files',
    async story(fullSlug, options) {
      const stories = await all()
      const story = stories.get(normalizeSlug(fullSlug))
      if (!story) return null
      return resolveRelations(structuredClone(story), options?.resolveRelations, byUuid(stories))
    },
    async stories(query: StoryQuery) {
      const stories = await all()
      const prefix = normalizeSlug(query.startsWith)
      const found = [...stories.values()].filter(
        (story) => story.full_slug.startsWith(prefix) && story.full_slug !== prefix,
      )
      const compare = compareBy(query.sortBy)
      if (compare) found.sort(compare)
      const perPage = Math.min(query.perPage ?? 25, MAX_PER_PAGE)
      const uuids = byUuid(stories)
      return found
        .slice(0, perPage)
        .map((story) => resolveRelations(structuredClone(story), query.resolveRelations, uuids))
    },
    async refresh() {
      loading = null
      return true
    },
  }
}

async function loadStories(root: string): Promise<Map<string, Story>> {
  const files = await readdir(root, { recursive: true })
  const stories = new Map<string, Story>()
  for (const file of files.filter((f) => f.endsWith('.json')).sort()) {
    const where = path.join(root, file)
    const raw: unknown = JSON.parse(await readFile(where, 'utf8'))
    const story = parseStory(
      raw && typeof raw === 'object' && 'story' in raw ? raw.story : raw,
      where,
    )
    if (stories.has(story.full_slug)) throw new Error(`Two stories have the slug ${story.full_slug} (${where})`)
    stories.set(story.full_slug, story)
  }
  return stories
}

function normalizeSlug(slug: string) {
  return slug.replace(/^\/+/, '')
}

function byUuid(stories: Map<string, Story>) {
  return new Map([...stories.values()].map((story) => [story.uuid, story]))
}

/**
 * Replaces uuids in `component.field` relation fields with the stories they name, as the CDN's
 * `resolve_relations` does; a uuid with no story stays a uuid, also as the CDN leaves it.
 */
function resolveRelations(story: Story, relations: string[] | undefined, uuids: Map<string, Story>): Story {
  if (!relations?.length) return story
  const wanted = new Set(relations)
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (!node || typeof node !== 'object') return
    const blok = node as Blok
    for (const [key, value] of Object.entries(blok)) {
      if (typeof blok.component === 'string' && wanted.has(`${blok.component}.${key}`)) {
        const lookup = (uuid: unknown) => {
          const related = typeof uuid === 'string' ? uuids.get(uuid) : undefined
          return related ? structuredClone(related) : uuid
        }
        blok[key] = Array.isArray(value) ? value.map(lookup) : lookup(value)
      } else {
        visit(value)
      }
    }
  }
  visit(story.content)
  return story
}
