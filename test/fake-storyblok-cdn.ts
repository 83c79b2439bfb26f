import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

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
  const requests: URL[] = []
  const forced: number[] = []
  let mode: FakeCdnMode = 'ok'

  const current = (cv: number) => snapshots.get(cv) ?? snapshots.get(version) ?? []

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid')
    requests.push(url)
    if (mode === 'hang') return
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (mode === 'error') return send(500, { error: 'Internal Server Error' })
    const status = forced.shift()
    if (status) return send(status, { error: `forced ${status}` })
    if (!url.searchParams.get('token')) return send(401, { error: 'Unauthorized' })

    const cv = Number(url.searchParams.get('cv')) || version
    const stories = current(cv)
    const path = url.pathname.replace(/^\/v2\/cdn\//, '')

    if (path === 'spaces/me') return send(200, { space: { id: 1, name: 'Fake', version } })

    if (path === 'stories') {
      let found = stories
      const startsWith = url.searchParams.get('starts_with')
      const byUuids = url.searchParams.get('by_uuids')
      if (startsWith) found = found.filter((s) => s.full_slug.startsWith(startsWith))
      if (byUuids) found = found.filter((s) => byUuids.split(',').includes(s.uuid))
      const sortBy = url.searchParams.get('sort_by')
      if (sortBy === 'content.date:desc') {
        found = [...found].sort((a, b) =>
          String(b.content.date).localeCompare(String(a.content.date)),
        )
      }
      const perPage = Number(url.searchParams.get('per_page')) || 25
      res.setHeader('per-page', String(perPage))
      res.setHeader('total', String(found.length))
      return send(200, { stories: found.slice(0, perPage), cv, rels: [], links: [] })
    }

    if (path.startsWith('stories/')) {
      const slug = decodeURIComponent(path.slice('stories/'.length))
      const story = stories.find((s) => s.full_slug === slug)
      if (!story) return send(404, ['This record could not be found'])
      const relations = (url.searchParams.get('resolve_relations') ?? '').split(',').filter(Boolean)
      const uuids = relations.flatMap((rel) => relationUuids(story.content, rel))
      const rels = stories.filter((s) => uuids.includes(s.uuid))
      // The real API inlines up to 50 related stories and lists only uuids beyond that.
      return uuids.length > 50
        ? send(200, { story, cv, rel_uuids: uuids, links: [] })
        : send(200, { story, cv, rels, links: [] })
    }
    send(404, ['Not found'])
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      // Requests left hanging end with the outage, as a crashed CDN node would drop them.
      server.closeAllConnections()
    })

  return {
    endpoint: `http://127.0.0.1:${port}/v2`,
    requests,
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
    failNext(...statuses: number[]) {
      forced.push(...statuses)
    },
    /** Switches between answering and the outages of {@link FakeCdnMode}; `refuse` frees the port. */
    async setMode(next: FakeCdnMode) {
      if (next === mode) return
      const wasRefusing = mode === 'refuse'
      mode = next
      if (next === 'refuse') await stopListening()
      else if (wasRefusing)
        await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    },
    close: () => (server.listening ? stopListening() : Promise.resolve()),
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
