import type { MetaDescriptor } from '@remix-run/node'

/** Title and description from a page story; the site name is appended unless the title has it. */
export function pageMeta(
  page: { title: string; description: string } | undefined,
  siteName: string | undefined,
): MetaDescriptor[] {
  if (!page) return [{ title: siteName ?? 'Page not found' }]
  const title = siteName && !page.title.includes(siteName) ? `${page.title} | ${siteName}` : page.title
  return [
    { title },
    ...(page.description ? [{ name: 'description', content: page.description }] : []),
    { property: 'og:title', content: title },
    ...(page.description ? [{ property: 'og:description', content: page.description }] : []),
  ]
}
