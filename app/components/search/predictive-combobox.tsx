import { Form, useFetcher, useLocation, useNavigate } from '@remix-run/react'
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react'

import type { PredictiveResult } from '~/lib/catalog/predictive'
import { formatRand } from '~/lib/money'
import { ownSearch } from '~/lib/page-params'

/** The pause in typing before asking for suggestions. */
const SEARCH_DEBOUNCE_MS = 150
/** The resource route answering suggestions (app/routes/api.search.ts). */
const SUGGESTIONS = '/api/search'

/**
 * The header's product search once enhanced (predictive-search.tsx renders the plain GET form to
 * /shop?q= until this module has loaded, after hydration): an ARIA 1.2 combobox (APG "list
 * autocomplete"): typing asks /api/search after a short pause, a listbox offers up to 6 products
 * (picture, name, price) and "See all results for …" last; ArrowDown/ArrowUp move through them
 * (aria-activedescendant: focus stays in the input), Enter opens the one chosen (or searches, when
 * none is), Escape closes, and so does leaving the search. A polite live region says how many
 * products were found. `initialQuery`: what the plain form's box held; `focus`: the box had focus,
 * and keeps it (with the caret at the end) in this one.
 */
export function PredictiveCombobox({
  initialQuery,
  focus,
}: {
  initialQuery: string
  focus: boolean
}) {
  const location = useLocation()
  // The words of the search shown on /shop only: a kept page (home, a product) is the same for
  // every URL that reaches it, `?q=` included.
  const urlQuery = new URLSearchParams(ownSearch(location.pathname, location.search)).get('q') ?? ''
  const navigate = useNavigate()
  const suggestions = useFetcher<PredictiveResult>({ key: 'predictive-search' })
  const [query, setQuery] = useState(initialQuery)
  // Words typed into the plain box before this one arrived get their suggestions at once, as if
  // typed here (the page's scripts arrive after its first paint: docs/decisions/039).
  const typedBefore = focus && initialQuery.trim() !== '' && initialQuery !== urlQuery
  const [open, setOpen] = useState(typedBefore)
  const [active, setActive] = useState(-1)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const root = useRef<HTMLFormElement>(null)
  const id = useId()
  const inputId = `${id}-q`
  const listboxId = `${id}-listbox`
  const optionId = (i: number) => `${id}-option-${i}`

  // A new search in the address bar (this form, /shop's filters, back and forward) shows its
  // words: state adjusted while rendering, as React advises, not in an effect.
  const [shownFor, setShownFor] = useState(urlQuery)
  if (shownFor !== urlQuery) {
    setShownFor(urlQuery)
    setQuery(urlQuery)
    setOpen(false)
  }
  useEffect(() => () => clearTimeout(timer.current), [])

  // The plain box this one replaced had focus: keep it here, before the shopper types on.
  const input = useRef<HTMLInputElement>(null)
  useLayoutEffect(() => {
    const box = input.current
    if (!focus || !box) return
    box.focus()
    box.setSelectionRange(box.value.length, box.value.length)
  }, [focus])

  useEffect(() => {
    if (typedBefore) suggestions.load(`${SUGGESTIONS}?${new URLSearchParams({ q: initialQuery })}`)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when it takes the box's place
  }, [])

  // Click or tap outside closes the list.
  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close()
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const result = suggestions.data?.q ? suggestions.data : null
  const options = result
    ? [
        ...result.products.map((p) => ({ url: p.url, product: p })),
        { url: result.allResultsUrl, product: null },
      ]
    : []
  const expanded = open && options.length > 0

  function close() {
    setOpen(false)
    setActive(-1)
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value
    setQuery(value)
    setActive(-1)
    clearTimeout(timer.current)
    if (!value.trim()) {
      setOpen(false)
      return
    }
    setOpen(true)
    timer.current = setTimeout(() => {
      suggestions.load(`${SUGGESTIONS}?${new URLSearchParams({ q: value })}`)
    }, SEARCH_DEBOUNCE_MS)
  }

  function go(url: string) {
    close()
    navigate(url)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (options.length === 0) return
        event.preventDefault()
        const down = event.key === 'ArrowDown'
        if (!open) {
          setOpen(true)
          setActive(down ? 0 : options.length - 1)
          return
        }
        setActive((i) => (down ? (i + 1) % options.length : i <= 0 ? options.length - 1 : i - 1))
        return
      }
      case 'Enter': {
        const chosen = expanded && active >= 0 ? options[active] : undefined
        if (!chosen) return // the form's own GET to /shop?q=
        event.preventDefault()
        go(chosen.url)
        return
      }
      case 'Escape':
        // NOTE: a search input clears itself on Escape; while the list is open, Escape only closes it.
        if (!expanded) return
        event.preventDefault()
        close()
        return
    }
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    if (!root.current?.contains(event.relatedTarget as Node | null)) close()
  }

  const announcement = !expanded
    ? ''
    : result && result.products.length > 0
      ? `${result.products.length} ${result.products.length === 1 ? 'product' : 'products'} found`
      : 'No products found'

  return (
    <Form
      ref={root}
      method="get"
      action="/shop"
      role="search"
      className="site-search"
      onBlur={onBlur}
    >
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
        value={query}
        onChange={onChange}
        onKeyDown={onKeyDown}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
      />
      <button type="submit">Search</button>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Suggestions"
        className="site-search__listbox"
        hidden={!expanded}
      >
        {options.map((option, i) => (
          // Options are chosen with the keyboard through the input (aria-activedescendant);
          // the pointer needs a click here, and mousedown must not take focus from the input.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={option.url}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className="site-search__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(option.url)}
          >
            {option.product ? (
              <>
                {option.product.image ? (
                  <img
                    src={option.product.image.url}
                    srcSet={option.product.image.srcSet}
                    sizes="3rem"
                    alt=""
                    width={48}
                    height={48}
                  />
                ) : (
                  <span className="site-search__no-image" aria-hidden="true" />
                )}
                <span className="site-search__name">{option.product.name}</span>
                <span className="site-search__price">
                  {option.product.priceFrom ? 'from ' : ''}
                  {formatRand(option.product.priceCents)}
                </span>
              </>
            ) : (
              <span className="site-search__all">See all results for “{result?.q}”</span>
            )}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </Form>
  )
}
