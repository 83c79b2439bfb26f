import { Form, useLocation } from '@remix-run/react'
import { useEffect, useId, useRef, useState, type ComponentType } from 'react'

import { ownSearch } from '~/lib/page-params'

type Combobox = ComponentType<{ initialQuery: string; focus: boolean }>

/**
 * The header's product search: a plain GET form to /shop?q=, which is the whole search without
 * JavaScript. After hydration the predictive combobox (predictive-combobox.tsx: suggestions as
 * you type) is fetched and takes its place, keeping what was typed and the focus, so its code is
 * not in any page's first load (docs/decisions/038-less-javascript.md).
 */
export function PredictiveSearch() {
  const location = useLocation()
  // The words of the search shown on /shop only: a kept page (home, a product) is the same for
  // every URL that reaches it, `?q=` included.
  const urlQuery = new URLSearchParams(ownSearch(location.pathname, location.search)).get('q') ?? ''
  const [query, setQuery] = useState(urlQuery)
  const [shownFor, setShownFor] = useState(urlQuery)
  if (shownFor !== urlQuery) {
    setShownFor(urlQuery)
    setQuery(urlQuery)
  }
  // The combobox, and whether the plain box had focus when it arrived.
  const [Enhanced, setEnhanced] = useState<{ Combobox: Combobox; focus: boolean } | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const inputId = `${useId()}-q`

  useEffect(() => {
    let cancelled = false
    void import('./predictive-combobox').then(({ PredictiveCombobox }) => {
      if (cancelled) return
      const focus = input.current !== null && input.current === document.activeElement
      setEnhanced({ Combobox: PredictiveCombobox, focus })
    })
    return () => {
      cancelled = true
    }
  }, [])

  if (Enhanced) return <Enhanced.Combobox initialQuery={query} focus={Enhanced.focus} />
  return (
    <Form method="get" action="/shop" role="search" className="site-search">
      <label htmlFor={inputId} className="visually-hidden">
        Search products
      </label>
      <input
        ref={input}
        id={inputId}
        type="search"
        name="q"
        placeholder="Search products"
        maxLength={100}
        // Controlled from the first render: switching from defaultValue at hydration makes React warn.
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <button type="submit">Search</button>
    </Form>
  )
}
