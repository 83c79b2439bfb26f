import { getCatalog } from '~/lib/catalog/catalog.server'
import { buildSitemap, CONTENT_PATHS } from '~/lib/catalog/sitemap'
import { newsPages } from '~/lib/content/news.server'
import { contentSource } from '~/lib/content/source.server'
import { env } from '~/lib/env.server'

export async function loader() {
  const [catalog, news] = await Promise.all([getCatalog(), newsPages(contentSource())])
  const entries = [
    ...CONTENT_PATHS.map((path) => ({ path })),
    ...news,
    ...catalog.productDates().map(({ id, updatedAt }) => ({
      path: `/shop/${encodeURIComponent(id)}`,
      lastModified: updatedAt,
    })),
  ]
  return new Response(buildSitemap(entries, env.appUrl), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      // Crawlers fetch it rarely; an hour of caching spares rebuilding it for each.
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
