import type { PageData } from '~/lib/content/pages.server'

import { Blok } from './registry'
import { StoryblokBridge } from './storyblok-bridge'

/** A content route's body: the page blok, plus the editor bridge when the editor asked for it. */
export function ContentPage({ page }: { page: PageData }) {
  return (
    <>
      <Blok blok={page.page} />
      {page.editor ? <StoryblokBridge /> : null}
    </>
  )
}
