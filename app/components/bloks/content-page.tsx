import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { pageMeta } from '~/lib/content/meta'
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

/** A content route's title and description, with the site name the layout story gives. */
export const contentMeta: MetaFunction = ({ data, matches }) => {
  const root = matches.find((match) => match.id === 'root')?.data as
    { layout?: { siteName?: string } } | undefined
  return pageMeta(data as PageData | undefined, root?.layout?.siteName)
}

/** A content route's component: the page its loader read. */
export function ContentRoute() {
  return <ContentPage page={useLoaderData<PageData>()} />
}
