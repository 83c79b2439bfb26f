import type { LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'

import { ContentRoute, contentMeta } from '~/components/bloks/content-page'
import { NEWS_FOLDER } from '~/lib/content/bloks.server'
import { contentHeaders } from '~/lib/content/cache'
import { NEWS_SLUG } from '~/lib/content/news.server'
import { loadPage } from '~/lib/content/pages.server'
import { notFound } from '~/lib/http.server'

/** One news story from the news/ folder: where the home page's "Latest news" cards lead. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!params.slug || !NEWS_SLUG.test(params.slug)) throw notFound()
  const { page, headers } = await loadPage(request, `${NEWS_FOLDER}${params.slug}`)
  if (page.page.component !== 'article') throw notFound()
  return data(page, { headers })
}

export const headers = contentHeaders
export const meta = contentMeta
export default ContentRoute
