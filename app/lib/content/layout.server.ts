import { remember } from '@epic-web/remember'

import { now } from '~/lib/clock'
import { errorSummary, logger } from '~/lib/log.server'

import { prepareBlok } from './bloks.server'
import { onContentChange } from './changes.server'
import { bundledSource, contentFor, contentSource, type ContentRequest } from './source.server'
import type { Blok, Layout } from './types'

export const LAYOUT_SLUG = 'layout'

/** When the shell last had to fall back to the bundled layout, while it still does. */
const fallback = remember('content-layout-fallback', () => ({ since: null as Date | null }))

// Fresh copies came in (the end of an outage, a publish): while on the fallback, read the layout
// again from them, so /healthz stops naming the fallback without waiting for a page to render (the
// page cache may answer every visitor meanwhile).
remember('content-layout-recheck', () =>
  onContentChange(() => {
    if (fallback.since) void loadLayoutFrom({ source: contentSource(), editor: false })
  }),
)

/**
 * The shell's content from the `layout` story. Never throws: every page renders it, and no shop
 * page may fail because of content, so without a copy from the content source the shell uses the
 * bundled `content/` layout.
 */
export function loadLayout(request: Request): Promise<Layout> {
  return loadLayoutFrom(contentFor(request))
}

/** {@link loadLayout} over a given content source. */
export async function loadLayoutFrom(content: ContentRequest): Promise<Layout> {
  try {
    const layout = await layoutFrom(content)
    if (fallback.since) {
      logger.warn(`Content: the shell's layout comes from the content source again`)
      fallback.since = null
    }
    return layout
  } catch (sourceError) {
    let error = sourceError
    if (content.source !== bundledSource()) {
      // Once per outage, not once per request.
      if (!fallback.since) {
        const reason = error instanceof Error ? error.message : String(error)
        logger.warn(`Content: the "${LAYOUT_SLUG}" story could not be loaded (${reason}); the shell uses the bundled layout`)
        fallback.since = now()
      }
      try {
        return await layoutFrom({ source: bundledSource(), editor: false })
      } catch (bundledError) {
        error = bundledError
      }
    }
    // Only a broken build gets here (content/ unreadable): show the shop rather than an error.
    logger.error(
      `Content: the bundled layout could not be loaded; the shell renders without it: ${errorSummary(error)}`,
    )
    return BARE_LAYOUT
  }
}

const BARE_LAYOUT: Layout = { siteName: 'Shop', announcement: null, header: null, footer: null }

/** Since when the shell has been on the bundled layout, or null while it is not. */
export function layoutFallbackSince(): Date | null {
  return fallback.since
}

async function layoutFrom({ source, editor }: ContentRequest): Promise<Layout> {
  const story = await source.story(LAYOUT_SLUG)
  const content = story?.content
  if (!content) throw new Error(`The "${LAYOUT_SLUG}" story is missing from the content source`)
  const first = async (field: string): Promise<Blok | null> => {
    const value = content[field]
    const blok = Array.isArray(value) ? (value[0] as Blok | undefined) : undefined
    return blok ? prepareBlok(blok, { source, editor }) : null
  }
  const [announcement, header, footer] = await Promise.all([
    first('announcement'),
    first('header'),
    first('footer'),
  ])
  const siteName =
    typeof content.site_name === 'string' && content.site_name.trim() ? content.site_name.trim() : story.name
  return { siteName, announcement, header, footer }
}
