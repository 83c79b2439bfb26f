import { catalogFor } from '~/lib/catalog/catalog.server'
import { parseShopParams } from '~/lib/catalog/query.server'
import { shopQuery } from '~/lib/catalog/shop-url'
import { optionParam } from '~/lib/catalog/variants'
import { onContentChange } from '~/lib/content/changes.server'
import { getStore, type Store } from '~/lib/data/index.server'
import { env } from '~/lib/env.server'
import { defaultVariant, findVariant } from '~/lib/data/variants'
import { parseReviewQuery, reviewsQuery } from '~/lib/reviews/review-query'
import { promisePerKey } from '~/lib/remember.server'

import { hasOwnCookie, isAnonymous } from './anonymous.server'
import { personalFor } from './personal.server'
import { PageCache, type KeptAnswer, type Render, type ServeContext } from './page-cache.server'

const PRODUCT_PATH = /^\/shop\/([^/]+)$/

/**
 * The process's page cache over the current store (docs/decisions/018-page-cache.md), emptied of
 * what a change makes stale before the write that caused it returns:
 * - product changes (price, stock, options, reviews, shown or hidden) through the store's change
 *   events: in this process at once (SQLite emits after the commit, before the write returns),
 *   from other instances as their events arrive (Firestore listeners);
 * - commits by another SQLite connection (a second process, scripts, the e2e fixtures), which emit
 *   no event here: `store.dataVersion()` is compared before every lookup;
 * - a content publish (the Storyblok webhook, or the content source's background look);
 * - a deploy: the build id is part of every key.
 */
export function createPageCacheFor(store: Store): PageCache {
  const cache = new PageCache({
    isAnonymous,
    sharedSeconds: env.sharedCacheSeconds,
    personalFor,
    externalVersion: store.dataVersion ? () => store.dataVersion?.() : undefined,
    optionParams: async (productId) =>
      ((await catalogFor(store)).product(productId)?.options ?? []).map((option) =>
        optionParam(option.name),
      ),
    canonicalQuery: async (pathname, search) => {
      if (pathname === '/shop') return shopQuery(parseShopParams(search))
      const productId = PRODUCT_PATH.exec(pathname)?.[1]
      if (!productId) return ''
      // As the product page reads them: an unknown variant shows the default one, and a bad review
      // sort or page falls back (routes/shop.$id.tsx, lib/reviews/review-query.ts).
      const product = (await catalogFor(store)).product(productId)
      const asked = search.get('variant')
      const variant =
        product && asked ? (findVariant(product, asked) ?? defaultVariant(product)).id : null
      return reviewsQuery({ variant, ...parseReviewQuery(search) })
    },
  })
  store.products.subscribe((changes) =>
    cache.invalidateProducts(
      changes.map((change) => (change.type === 'upsert' ? change.product.id : change.id)),
    ),
  )
  onContentChange(() => cache.invalidateAll())
  return cache
}

// One per store (tests and scripts close the store and open another), kept through dev rebuilds.
const cacheFor = promisePerKey<Store, PageCache>('page-cache')

/** The page cache over the current store. */
export async function getPageCache(): Promise<PageCache> {
  return cacheFor(await getStore(), async (store) => createPageCacheFor(store))
}

/**
 * The server's entry (server.mjs, through the build): answers `request` from the page cache, or
 * through `render` (Remix's handler) when the page is personal, not kept, or not cacheable.
 */
export async function servePage(
  request: Request,
  context: ServeContext,
  render: Render,
): Promise<Response> {
  let cache: PageCache
  try {
    cache = await getPageCache()
  } catch {
    // The store cannot be opened: nothing can be told about the page's freshness, so it renders.
    return render({ wholeDocument: false })
  }
  return cache.serve(request, context, render)
}

/**
 * The server's first ask (server.mjs): the kept page for `url` as parts it writes itself (an
 * anonymous visitor's shared copy, a returning shopper's filled one), or null (then `servePage`,
 * with the same `request`). `request` makes the visitor's Request: only a visitor with a cookie of
 * the shop's needs it read. The Request, the Response and the stream between them were most of
 * what set an anonymous hit apart from a static file (docs/decisions/039).
 */
export async function keptPage(
  method: string,
  url: URL,
  cookie: string | undefined,
  request: () => Request,
  context: ServeContext,
): Promise<KeptAnswer | null> {
  if (method !== 'GET' && method !== 'HEAD') return null
  let cache: PageCache
  try {
    cache = await getPageCache()
  } catch {
    return null
  }
  return cache.kept(method, url, { ownCookie: hasOwnCookie(cookie), request }, context)
}
