import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { fakeStory } from '../../../test/fake-storyblok-cdn'
import { createFilesSource } from './files.server'

let root: string

async function write(story: ReturnType<typeof fakeStory>) {
  const file = path.join(root, `${story.full_slug}.json`)
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, JSON.stringify({ story, cv: 1, rels: [], links: [] }))
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'content-'))
})
afterEach(() => rm(root, { recursive: true, force: true }))

describe('files content source', () => {
  it('reads a story by full slug, and null for one that does not exist', async () => {
    await write(fakeStory('about-us', { seo_title: 'About us' }))
    const source = createFilesSource(root)
    expect(await source.story('about-us')).toMatchObject({ full_slug: 'about-us', content: { seo_title: 'About us' } })
    expect(await source.story('/about-us')).not.toBeNull()
    expect(await source.story('nope')).toBeNull()
  })

  it('lists stories under a folder, sorted by a content field or a story field, limited to per_page', async () => {
    await write({ ...fakeStory('news/old', { date: '2025-01-01 08:00' }), first_published_at: '2025-03-01T00:00:00.000Z' })
    await write({ ...fakeStory('news/new', { date: '2025-03-01 08:00' }), first_published_at: '2025-01-01T00:00:00.000Z' })
    await write({ ...fakeStory('news/mid', { date: '2025-02-01 08:00' }), first_published_at: '2025-02-01T00:00:00.000Z' })
    await write(fakeStory('newsletter', {}))
    const source = createFilesSource(root)
    const byDate = await source.stories({ startsWith: 'news/', sortBy: 'content.date:desc', perPage: 2 })
    expect(byDate.map((s) => s.full_slug)).toEqual(['news/new', 'news/mid'])
    const byPublished = await source.stories({ startsWith: 'news/', sortBy: 'first_published_at:desc' })
    expect(byPublished.map((s) => s.full_slug)).toEqual(['news/old', 'news/mid', 'news/new'])
  })

  it('resolves relations to stories and leaves unknown uuids as they are', async () => {
    const quote = fakeStory('testimonials/a', { component: 'testimonial', quote: 'Lekker' })
    await write(quote)
    await write(fakeStory('home', { body: [{ _uid: 'q', component: 'quotes', quotes: [quote.uuid, 'gone'] }] }))
    const source = createFilesSource(root)
    const resolved = await source.story('home', { resolveRelations: ['quotes.quotes'] })
    const quotes = (resolved?.content.body as { quotes: unknown[] }[])[0]?.quotes
    expect(quotes?.[0]).toMatchObject({ uuid: quote.uuid, content: { quote: 'Lekker' } })
    expect(quotes?.[1]).toBe('gone')
    const plain = await source.story('home')
    expect((plain?.content.body as { quotes: unknown[] }[])[0]?.quotes[0]).toBe(quote.uuid)
  })

  it('rereads the files after refresh', async () => {
    await write(fakeStory('home', { headline: 'First' }))
    const source = createFilesSource(root)
    expect((await source.story('home'))?.content.headline).toBe('First')
    await write(fakeStory('home', { headline: 'Second' }))
    expect((await source.story('home'))?.content.headline).toBe('First')
    await source.refresh()
    expect((await source.story('home'))?.content.headline).toBe('Second')
  })

  it('reads the files again after a failed read, rather than keeping the failure', async () => {
    await writeFile(path.join(root, 'home.json'), '{ "story": ')
    const source = createFilesSource(root)
    await expect(source.story('home')).rejects.toThrow()
    await write(fakeStory('home', { headline: 'Whole' }))
    expect((await source.story('home'))?.content.headline).toBe('Whole')
  })

  it('names the file of a malformed story', async () => {
    await writeFile(path.join(root, 'broken.json'), JSON.stringify({ story: { uuid: 'x', content: {} } }))
    await expect(createFilesSource(root).story('home')).rejects.toThrow(/broken\.json/)
  })
})
