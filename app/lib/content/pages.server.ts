import { data } from '@remix-run/node'

import { notFound } from '~/lib/http.server'

import { PAGE_RELATIONS, prepareBlok } from './bloks.server'
import { EDITOR_CACHE_CONTROL, PUBLISHED_CACHE_CONTROL } from './cache'
import { contentFor, type ContentRequest } from './source.server'
import type { Blok } from './types'

/** What a content route renders: SEO fields and the prepared page blok, not the story. */
export type PageData = {
  title: string
  description: string
  page: Blok
  editor: boolean
}

/**
 * Loads a content page by story slug, shaped for rendering; throws a 404 when there is no such
 * story, and an error (the 500 page) when the story cannot be had at all: Storyblok failing before
 * any copy of it was kept. Returns the headers the response should carry (editor responses are
 * never cached).
 */
export function loadPage(request: Request, slug: string): Promise<{ page: PageData; headers: HeadersInit }> {
  return loadPageFrom(contentFor(request), slug)
}

/** A content route's answer: the story at `slug` as page data, with its Cache-Control. */
export async function contentPageResponse(request: Request, slug: string) {
  const { page, headers } = await loadPage(request, slug)
  return data(page, { headers })
}

/** {@link loadPage} over a given content source. */
export async function loadPageFrom(
  { source, editor }: ContentRequest,
  slug: string,
): Promise<{ page: PageData; headers: HeadersInit }> {
  const story = await source.story(slug, { resolveRelations: PAGE_RELATIONS })
  if (!story) throw notFound()
  const { seo_title, seo_description, ...content } = story.content
  const page = await prepareBlok(content as Blok, { source, editor })
  return {
    page: {
      title: typeof seo_title === 'string' && seo_title.trim() ? seo_title.trim() : story.name,
      description: typeof seo_description === 'string' ? seo_description.trim() : '',
      page,
      editor,
    },
    headers: { 'Cache-Control': editor ? EDITOR_CACHE_CONTROL : PUBLISHED_CACHE_CONTROL },
  }
}
