import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useRef, type FormEvent } from 'react'

import { Link } from '~/components/link'
import { ProductCard, ProductCardSkeleton } from '~/components/product-card'
import { searchCatalog } from '~/lib/catalog/catalog.server'
import { parseShopParams, toCatalogQuery, type ShopParams } from '~/lib/catalog/query.server'
import { pageWindow, shopHref } from '~/lib/catalog/shop-url'
import { SORT_LABELS, SORT_OPTIONS } from '~/lib/catalog/sort'
import { env } from '~/lib/env.server'
import { likedIds } from '~/lib/liked/liked.server'
import catalogStyles from '~/styles/catalog.css'
import formStyles from '~/styles/forms.css'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: formStyles },
  { rel: 'stylesheet', href: catalogStyles },
]

/** How long live search waits after the last keystroke before asking the server. */
const TYPING_DEBOUNCE_MS = 300

export async function loader({ request }: LoaderFunctionArgs) {
  const params = parseShopParams(new URL(request.url).searchParams)
  const [result, liked] = await Promise.all([
    searchCatalog(toCatalogQuery(params)),
    likedIds(request),
  ])
  const likedSet = new Set(liked)
  // The canonical URL names only our own parameters (no utm_*, no fbclid), defaults left out.
  const canonical = `${env.appUrl}${shopHref({ ...params, page: result.page })}`
  return {
    params: { ...params, page: result.page },
    canonical,
    items: result.items,
    total: result.total,
    pageCount: result.pageCount,
    categories: result.categories,
    suggestions: result.suggestions,
    liked: [...result.items, ...(result.suggestions?.products ?? [])]
      .filter((p) => likedSet.has(p.id))
      .map((p) => p.id),
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

type Chip = { key: string; label: string; href: string }

function activeFilters(params: ShopParams, categoryName: string | undefined): Chip[] {
  const base = { ...params, page: 1 }
  const chips: Chip[] = []
  if (params.q) chips.push({ key: 'q', label: `“${params.q}”`, href: shopHref({ ...base, q: '' }) })
  if (params.category)
    chips.push({
      key: 'category',
      label: categoryName ?? params.category,
      href: shopHref({ ...base, category: '' }),
    })
  if (params.minPrice)
    chips.push({
      key: 'minPrice',
      label: `From R ${params.minPrice}`,
      href: shopHref({ ...base, minPrice: '' }),
    })
  if (params.maxPrice)
    chips.push({
      key: 'maxPrice',
      label: `Up to R ${params.maxPrice}`,
      href: shopHref({ ...base, maxPrice: '' }),
    })
  if (params.inStock)
    chips.push({
      key: 'inStock',
      label: 'In stock only',
      href: shopHref({ ...base, inStock: false }),
    })
  return chips
}

function resultSummary(total: number, q: string): string {
  if (q) return `${total} ${total === 1 ? 'result' : 'results'} for “${q}”`
  return `${total} ${total === 1 ? 'product' : 'products'}`
}

/** The filter form's values as a query string, blanks left out so live-search URLs stay clean. */
function cleanFormData(form: HTMLFormElement): URLSearchParams {
  const search = new URLSearchParams()
  for (const [key, value] of new FormData(form)) {
    if (
      typeof value === 'string' &&
      value.trim() !== '' &&
      !(key === 'sort' && value === 'featured')
    )
      search.append(key, value)
  }
  return search
}

export default function Shop() {
  const { params, items, total, pageCount, categories, suggestions, liked } =
    useLoaderData<typeof loader>()
  const submit = useSubmit()
  const navigation = useNavigation()
  const formRef = useRef<HTMLFormElement>(null)
  const queryRef = useRef<HTMLInputElement>(null)
  const typingTimer = useRef<ReturnType<typeof setTimeout>>()
  const likedSet = new Set(liked)
  const categoryName = categories.find((c) => c.slug === params.category)?.name
  const chips = activeFilters(params, categoryName)
  const pending = navigation.state === 'loading' && navigation.location.pathname === '/shop'

  // The search box is uncontrolled so typing is never interrupted; follow the URL only when the
  // shopper is not typing in it (a chip removed, the header search used, back/forward).
  useEffect(() => {
    const input = queryRef.current
    if (input && document.activeElement !== input && input.value !== params.q)
      input.value = params.q
  }, [params.q])

  useEffect(() => () => clearTimeout(typingTimer.current), [])

  function update(form: HTMLFormElement) {
    // replace: one history entry per search rather than one per keystroke.
    submit(cleanFormData(form), {
      method: 'get',
      action: '/shop',
      replace: true,
      preventScrollReset: true,
    })
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    const target = event.target as HTMLInputElement
    clearTimeout(typingTimer.current)
    if (target.name === 'q' || target.name === 'minPrice' || target.name === 'maxPrice') {
      typingTimer.current = setTimeout(() => update(form), TYPING_DEBOUNCE_MS)
    } else {
      update(form)
    }
  }

  return (
    <div className="shop container">
      <header className="shop__header">
        <h1>{categoryName ?? 'Shop'}</h1>
        <p className="shop__count" role="status" aria-live="polite">
          {resultSummary(total, params.q)}
        </p>
      </header>

      <div className="shop__layout">
        <Form
          ref={formRef}
          method="get"
          action="/shop"
          className="shop-filters"
          aria-label="Search and filter products"
          onChange={onChange}
          onSubmit={(event) => {
            event.preventDefault()
            clearTimeout(typingTimer.current)
            update(event.currentTarget)
          }}
        >
          <div className="shop-filters__field">
            <label htmlFor="shop-q">Search</label>
            <input
              ref={queryRef}
              id="shop-q"
              type="search"
              name="q"
              defaultValue={params.q}
              placeholder="Rooibos, beadwork, aprons…"
              autoComplete="off"
              maxLength={100}
            />
          </div>

          <fieldset className="shop-filters__field shop-filters__categories">
            <legend>Category</legend>
            <label>
              <input type="radio" name="category" value="" defaultChecked={!params.category} /> All
              categories
            </label>
            {categories.map((category) => (
              <label key={category.slug}>
                <input
                  type="radio"
                  name="category"
                  value={category.slug}
                  defaultChecked={params.category === category.slug}
                />{' '}
                {category.name} <span className="shop-filters__count">({category.count})</span>
              </label>
            ))}
          </fieldset>

          <fieldset className="shop-filters__field shop-filters__price">
            <legend>Price (R)</legend>
            <label htmlFor="shop-min-price">From</label>
            <input
              id="shop-min-price"
              name="minPrice"
              inputMode="decimal"
              pattern="[0-9 ]*([.,][0-9]{0,2})?"
              defaultValue={params.minPrice}
              placeholder="0"
              size={6}
            />
            <label htmlFor="shop-max-price">to</label>
            <input
              id="shop-max-price"
              name="maxPrice"
              inputMode="decimal"
              pattern="[0-9 ]*([.,][0-9]{0,2})?"
              defaultValue={params.maxPrice}
              placeholder="any"
              size={6}
            />
          </fieldset>

          <div className="shop-filters__field shop-filters__check">
            <input
              id="shop-in-stock"
              type="checkbox"
              name="inStock"
              value="1"
              defaultChecked={params.inStock}
            />
            <label htmlFor="shop-in-stock">In stock only</label>
          </div>

          <div className="shop-filters__field">
            <label htmlFor="shop-sort">Sort by</label>
            <select id="shop-sort" name="sort" defaultValue={params.sort}>
              {SORT_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {SORT_LABELS[option]}
                </option>
              ))}
            </select>
          </div>

          <button type="submit" className="button shop-filters__apply">
            Apply
          </button>
        </Form>

        <section
          className="shop__results"
          aria-labelledby="shop-results-heading"
          aria-busy={pending}
        >
          <h2 id="shop-results-heading" className="visually-hidden">
            Products
          </h2>

          {chips.length > 0 ? (
            <div className="filter-chips">
              <h3 className="visually-hidden">Active filters</h3>
              <ul>
                {chips.map((chip) => (
                  <li key={chip.key}>
                    <Link to={chip.href} className="filter-chip" preventScrollReset>
                      {chip.label}
                      <span className="visually-hidden">, remove this filter</span>
                      <span aria-hidden="true"> ×</span>
                    </Link>
                  </li>
                ))}
                <li>
                  <Link to="/shop" className="filter-chip filter-chip--clear">
                    Clear all
                  </Link>
                </li>
              </ul>
            </div>
          ) : null}

          {pending ? (
            <ul className="product-grid" aria-hidden="true">
              {Array.from({ length: Math.max(4, Math.min(items.length, 8)) }, (_, i) => (
                <li key={i}>
                  <ProductCardSkeleton />
                </li>
              ))}
            </ul>
          ) : items.length > 0 ? (
            <ul className="product-grid">
              {items.map((product, i) => (
                <li key={product.id}>
                  <ProductCard product={product} liked={likedSet.has(product.id)} eager={i < 4} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyResults params={params} suggestions={suggestions} likedSet={likedSet} />
          )}

          {pageCount > 1 && !pending ? <Pagination params={params} pageCount={pageCount} /> : null}
        </section>
      </div>
    </div>
  )
}

function EmptyResults({
  params,
  suggestions,
  likedSet,
}: {
  params: ShopParams
  suggestions: ReturnType<typeof useLoaderData<typeof loader>>['suggestions']
  likedSet: Set<string>
}) {
  return (
    <div className="empty-results">
      <h3>No products match{params.q ? ` “${params.q}”` : ' these filters'}</h3>
      {suggestions && suggestions.queries.length > 0 ? (
        <p>
          Did you mean{' '}
          {suggestions.queries.map((query, i) => (
            <span key={query}>
              {i > 0 ? ', ' : null}
              <Link to={shopHref({ ...params, q: query, page: 1 })}>{query}</Link>
            </span>
          ))}
          ?
        </p>
      ) : null}
      <p>
        Check the spelling, try a shorter word, or <Link to="/shop">browse everything</Link>.
      </p>
      {suggestions && suggestions.products.length > 0 ? (
        <>
          <h3>You might like</h3>
          <ul className="product-grid">
            {suggestions.products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} liked={likedSet.has(product.id)} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}

function Pagination({ params, pageCount }: { params: ShopParams; pageCount: number }) {
  const { page } = params
  return (
    <nav className="pagination" aria-label="Pages">
      <ul>
        <li>
          {page > 1 ? (
            <Link to={shopHref({ ...params, page: page - 1 })} rel="prev">
              Previous
            </Link>
          ) : (
            <span className="pagination__disabled" aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={shopHref({ ...params, page: n })}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={shopHref({ ...params, page: page + 1 })} rel="next">
              Next
            </Link>
          ) : (
            <span className="pagination__disabled" aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
