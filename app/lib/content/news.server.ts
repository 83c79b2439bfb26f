import { NEWS_FOLDER } from './bloks.server'
import { ContentUnavailableError } from './last-good-copy.server'
import type { ContentSource } from './types'

/** Story slugs are lower-case words and dashes; anything else cannot be a story. */
export const NEWS_SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/

/** Storyblok's largest page: the sitemap lists up to this many stories. */
const MOST_STORIES = 100

/**
 * The /news/:slug pages there are: each article story in the news folder whose slug the news route
 * answers, newest first, with the date it was last published. An outage with no kept copy lists
 * none, so the sitemap still answers with the shop's other pages.
 */
export async function newsPages(
  source: ContentSource,
): Promise<{ path: string; lastModified: string | null }[]> {
  const stories = await source
    .stories({ startsWith: NEWS_FOLDER, sortBy: 'content.date:desc', perPage: MOST_STORIES })
    .catch((error: unknown) => {
      if (error instanceof ContentUnavailableError) return []
      throw error
    })
  return stories.flatMap((story) => {
    const slug = story.full_slug.slice(NEWS_FOLDER.length)
    if (
      story.content.component !== 'article' ||
      !story.full_slug.startsWith(NEWS_FOLDER) ||
      !NEWS_SLUG.test(slug)
    )
      return []
    return [{ path: `/news/${slug}`, lastModified: story.published_at }]
  })
}
