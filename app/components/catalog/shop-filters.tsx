import { Form, useSubmit } from '@remix-run/react'
import { useEffect, useRef, type FormEvent } from 'react'

import type { CategoryFacet } from '~/lib/catalog/catalog-index.server'
import type { ShopParams } from '~/lib/catalog/query.server'
import { SORT_LABELS, SORT_OPTIONS } from '~/lib/catalog/sort'

/** How long live search waits after the last keystroke before asking the server. */
const TYPING_DEBOUNCE_MS = 300

/** Where the filters sit beside the results (catalog.css); narrower, they fold into "Filter and sort". */
const FILTERS_BESIDE_RESULTS = '(min-width: 900px)'

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

/**
 * Search, category, price range, stock and sort for /shop: a GET form that works without JS
 * ("Apply"); with JS every change searches as the shopper types, and blank fields stay out of the
 * URL. On phones the form folds into a "Filter and sort" disclosure (`<details>`, no JS needed),
 * so the products start near the top.
 */
export function ShopFilters({
  params,
  categories,
}: {
  params: ShopParams
  categories: readonly CategoryFacet[]
}) {
  const submit = useSubmit()
  const queryRef = useRef<HTMLInputElement>(null)
  const typingTimer = useRef<ReturnType<typeof setTimeout>>()
  const disclosureRef = useRef<HTMLDetailsElement>(null)

  // The search box is uncontrolled so typing is never interrupted; follow the URL only when the
  // shopper is not typing in it (a chip removed, the header search used, back/forward).
  useEffect(() => {
    const input = queryRef.current
    if (input && document.activeElement !== input && input.value !== params.q)
      input.value = params.q
  }, [params.q])

  useEffect(() => () => clearTimeout(typingTimer.current), [])

  // Wide screens show the filters whatever the disclosure's state (catalog.css, where the browser
  // supports ::details-content); opening it there also covers browsers that do not.
  useEffect(() => {
    // Optional call: a browser (or test DOM) without matchMedia keeps the disclosure as rendered.
    if (disclosureRef.current && window.matchMedia?.(FILTERS_BESIDE_RESULTS).matches)
      disclosureRef.current.open = true
  }, [])

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
    <details ref={disclosureRef} className="shop-filters-disclosure">
      <summary className="shop-filters-disclosure__summary">Filter and sort</summary>
      <Form
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
    </details>
  )
}
