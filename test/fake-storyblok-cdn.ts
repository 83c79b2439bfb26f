import { startFakeHttpServer } from './fake-http-server'

type RawStory = {
  uuid: string
  full_slug: string
  name: string
  content: Record<string, unknown>
} & Record<string, unknown>

/**
 * How the fake behaves: `ok` answers, `error` answers every request 500, `refuse` stops listening
 * (connections are refused), `hang` accepts requests and never answers them.
 */
export type FakeCdnMode = 'ok' | 'error' | 'refuse' | 'hang'

/**
 * A fake of Storyblok's CDN API (v2) on loopback, enough for the adapter's tests: single stories,
 * listings with starts_with/sort_by/by_uuids, relations (inline `rels`, or `rel_uuids` past 50 as
 * the real API does), spaces/me, cache versions per publish, forced error statuses, and outages.
 */
export async function startFakeStoryblok() {
  let version = 100
  const snapshots = new Map<number, RawStory[]>([[version, []]])
  let refusing = false

  const current = (cv: number) => snapshots.get(cv) ?? snapshots.get(version) ?? []

  const http = await startFakeHttpServer(
    ({ url, query }, { json, res }) => {
      if (!query.get('token')) return json(401, { error: 'Unauthorized' })

      const cv = Number(query.get('cv')) || version
      const stories = current(cv)
      const path = url.pathname.replace(/^\/v2\/cdn\//, '')

      if (path === 'spaces/me') return json(200, { space: { id: 1, name: 'Fake', version } })

      if (path === 'stories') {
        let found = stories
        const startsWith = query.get('starts_with')
        const byUuids = query.get('by_uuids')
        if (startsWith) found = found.filter((s) => s.full_slug.startsWith(startsWith))
        if (byUuids) found = found.filter((s) => byUuids.split(',').includes(s.uuid))
        const sortBy = query.get('sort_by')
        if (sortBy === 'content.date:desc') {
          found = [...found].sort((a, b) =>
            String(b.content.date).localeCompare(String(a.content.date)),
          )
        }
        const perPage = Number(query.get('per_page')) || 25
        res.setHeader('per-page', String(perPage))
        res.setHeader('total', String(found.length))
        return json(200, { stories: found.slice(0, perPage), cv, rels: [], links: [] })
      }

      if (path.startsWith('stories/')) {
        const slug = decodeURIComponent(path.slice('stories/'.length))
        const story = stories.find((s) => s.full_slug === slug)
        if (!story) return json(404, ['This record could not be found'])
        const relations = (query.get('resolve_relations') ?? '').split(',').filter(Boolean)
        const uuids = relations.flatMap((rel) => relationUuids(story.content, rel))
        const rels = stories.filter((s) => uuids.includes(s.uuid))
        // The real API inlines up to 50 related stories and lists only uuids beyond that.
        return uuids.length > 50
          ? json(200, { story, cv, rel_uuids: uuids, links: [] })
          : json(200, { story, cv, rels, links: [] })
      }
      json(404, ['Not found'])
    },
    { failure: (error) => ({ error }) },
  )

  return {
    endpoint: `${http.url}/v2`,
    /** The URL of every request. */
    get requests() {
      return http.requests.map((request) => request.url)
    },
    get version() {
      return version
    },
    /** Publishes a new set of stories under a new cache version. */
    publish(next: RawStory[]) {
      version += 100
      snapshots.set(version, structuredClone(next))
    },
    /** Sets the stories of the current version (the initial content). */
    seed(next: RawStory[]) {
      snapshots.set(version, structuredClone(next))
    },
    /** The next requests answer these statuses, in order. */
    failNext: http.failNext,
    /** Switches between answering and the outages of {@link FakeCdnMode}; `refuse` frees the port. */
    async setMode(next: FakeCdnMode) {
      if (next === 'refuse') {
        // Requests left hanging end with the outage, as a crashed CDN node would drop them.
        if (!refusing) await http.close()
        refusing = true
        return
      }
      if (refusing) await http.reopen()
      refusing = false
      http.setMode(next)
    },
    close: http.close,
  }
}

function relationUuids(content: Record<string, unknown>, relation: string): string[] {
  const [component, field] = relation.split('.')
  const found: string[] = []
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (!node || typeof node !== 'object') return
    const record = node as Record<string, unknown>
    if (record.component === component && field && field in record) {
      const value = record[field]
      found.push(
        ...(Array.isArray(value) ? value : [value]).filter(
          (v): v is string => typeof v === 'string',
        ),
      )
    }
    Object.values(record).forEach(visit)
  }
  visit(content)
  return found
}

export function fakeStory(
  fullSlug: string,
  content: Record<string, unknown>,
  uuid = `uuid-${fullSlug}`,
): RawStory {
  return {
    uuid,
    name: fullSlug,
    slug: fullSlug.split('/').pop() ?? fullSlug,
    full_slug: fullSlug,
    published_at: '2025-01-01T00:00:00.000Z',
    first_published_at: '2025-01-01T00:00:00.000Z',
    id: 1,
    content: { _uid: `uid-${fullSlug}`, component: 'page', ...content },
  }
}
