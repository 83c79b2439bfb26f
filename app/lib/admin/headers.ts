import type { HeadersFunction, MetaDescriptor } from '@remix-run/node'

/**
 * What every back-office response carries: never stored by a browser or proxy (staff pages hold
 * customers' addresses), never indexed.
 */
export const ADMIN_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } as const

/**
 * The `headers` export of the /admin layout. Routes below it that export no `headers` of their
 * own inherit it, for documents and (single fetch) for loader and action data alike; a route that
 * does export `headers` must return these too.
 */
export const adminHeaders: HeadersFunction = () => ADMIN_HEADERS

/** A back-office page's meta: its title and noindex (a route's meta replaces the layout's). */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Back office` }, { name: 'robots', content: 'noindex' }]
}
