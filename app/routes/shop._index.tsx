import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useNavigation } from '@remix-run/react'

import { ShopFilters } from '~/components/catalog/shop-filters'
import { ShopResults } from '~/components/catalog/shop-results'
import { usePersonal } from '~/components/personal'
import { catalog } from '~/lib/catalog/products.server'
import { parseShopParams } from '~/lib/catalog/query.server'
import { resultSummary, shopHref } from '~/lib/catalog/shop-url'
import { env } from '~/lib/env.server'

// catalog.css is in the shell's stylesheet (root.tsx).

export async function loader({ request }: LoaderFunctionArgs) {
  const params = parseShopParams(new URL(request.url).searchParams)
  const result = await catalog.search(params)
  const shown = { ...params, page: result.page }
  return {
    params: shown,
    // The canonical URL names only our own parameters (no utm_*, no fbclid), defaults left out.
    canonical: `${env.appUrl}${shopHref(shown)}`,
    items: result.items,
    total: result.total,
    pageCount: result.pageCount,
    categories: result.categories,
    suggestions: result.suggestions,
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: 'Shop | Karoo & Co.' }]
  const { params, categories, canonical, total } = data
  const categoryName = categories.find((c) => c.slug === params.category)?.name
  const subject = params.q ? `Search: “${params.q}”` : (categoryName ?? 'Shop')
  const title = `${subject}${params.page > 1 ? ` (page ${params.page})` : ''} | Karoo & Co.`
  const description = params.q
    ? `${total} ${total === 1 ? 'product matches' : 'products match'} “${params.q}” at Karoo & Co.`
    : `Shop ${categoryName ? `${categoryName.toLowerCase()} ` : ''}from Karoo & Co.: South African pantry goods, crafts and gifts, delivered across the country.`
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    // Search results are endless near-duplicates of the catalogue: keep them out of the index
    // but let crawlers follow the product links.
    ...(params.q ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
  ]
}

export default function Shop() {
  const { params, items, total, pageCount, categories, suggestions } =
    useLoaderData<typeof loader>()
  // The hearts come from the root's personal view (a hole on a page kept by the page cache).
  const { liked } = usePersonal()
  const navigation = useNavigation()
  const categoryName = categories.find((c) => c.slug === params.category)?.name
  const pending = navigation.state === 'loading' && navigation.location.pathname === '/shop'

  return (
    <div className="shop container">
      <header className="shop__header">
        <h1>{categoryName ?? 'Shop'}</h1>
        <p className="shop__count" role="status" aria-live="polite">
          {resultSummary(total, params.q)}
        </p>
      </header>

      <div className="shop__layout">
        <ShopFilters params={params} categories={categories} />
        <ShopResults
          params={params}
          categoryName={categoryName}
          items={items}
          pageCount={pageCount}
          suggestions={suggestions}
          liked={new Set(liked)}
          pending={pending}
        />
      </div>
    </div>
  )
}
