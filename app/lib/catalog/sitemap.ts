import { escapeXml } from '~/lib/xml'

/**
 * The content pages every sitemap lists (docs/contracts.md routes that are public and indexable).
 */
export const CONTENT_PATHS = ['/', '/about_us', '/faq', '/contact', '/shop'] as const

export type SitemapEntry = { path: string; lastModified?: string | null }

/** A sitemaps.org urlset with absolute URLs under `appUrl`; lastmod is kept to the date. */
export function buildSitemap(entries: readonly SitemapEntry[], appUrl: string): string {
  const base = appUrl.replace(/\/+$/, '')
  const urls = entries.map(({ path, lastModified }) => {
    const loc = `<loc>${escapeXml(`${base}${path.startsWith('/') ? path : `/${path}`}`)}</loc>`
    const date =
      lastModified && /^\d{4}-\d{2}-\d{2}/.test(lastModified) ? lastModified.slice(0, 10) : null
    return `  <url>${loc}${date ? `<lastmod>${date}</lastmod>` : ''}</url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** Paths robots should stay out of: per-visitor pages with nothing to index. */
const DISALLOWED_PATHS = ['/account', '/checkout', '/cart', '/orders', '/auth'] as const

export function buildRobotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${appUrl.replace(/\/+$/, '')}/sitemap.xml`,
    '',
  ].join('\n')
}
