import { prepareBlok } from './bloks.server'
import { contentFor } from './source.server'
import type { Blok, Layout } from './types'

export const LAYOUT_SLUG = 'layout'

/** The shell's content from the `layout` story (cached with every other story by its source). */
export async function loadLayout(request: Request): Promise<Layout> {
  const { source, editor } = contentFor(request)
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
  const siteName = typeof content.site_name === 'string' && content.site_name.trim() ? content.site_name.trim() : story.name
  return { siteName, announcement, header, footer }
}
