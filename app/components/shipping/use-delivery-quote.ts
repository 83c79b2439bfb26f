import { useFetcher, useNavigation } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'

import type { DeliveryQuote } from '~/lib/checkout/delivery'
import { CHECKOUT_ADDRESS_FIELDS } from '~/lib/checkout/schema'

/** The fields a change of which asks for the delivery options again. */
const ADDRESS_FIELDS = new Set<string>(CHECKOUT_ADDRESS_FIELDS)

/** How long the address must rest before the options are asked for again. */
export const QUOTE_DEBOUNCE_MS = 400

/** Where the page asks for the options of an address (app/routes/checkout_.delivery.ts). */
export const DELIVERY_QUOTE_PATH = '/checkout/delivery'

/**
 * Checkout's delivery options as the shopper changes the address (JavaScript on): the form's
 * changes to an address field (or the saved-address choice) ask `/checkout/delivery` for the
 * options once the typing rests, without a reload. The page's quote is the starting point, and a
 * post's answer that carries one (a quote, a method refused) replaces it; the loader's data after a
 * post is not used again, since the address typed since is the one quoted last. The method the
 * shopper picked stays checked while it applies; otherwise the cheapest for the address is.
 */
export function useDeliveryQuote(initial: DeliveryQuote, fromPost: DeliveryQuote | undefined) {
  const fetcher = useFetcher<DeliveryQuote>({ key: 'checkout-delivery' })
  const [quote, setQuote] = useState(fromPost ?? initial)
  const [chosen, setChosen] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const { load } = fetcher

  // The newest answer wins, whichever brought it: noted while rendering (React's way of keeping
  // state in step with a prop), so the page never paints the old list first.
  const [seen, setSeen] = useState({ fromPost, fetched: fetcher.data })
  if (seen.fromPost !== fromPost || seen.fetched !== fetcher.data) {
    setSeen({ fromPost, fetched: fetcher.data })
    if (seen.fromPost !== fromPost && fromPost) setQuote(fromPost)
    if (seen.fetched !== fetcher.data && fetcher.data) setQuote(fetcher.data)
  }
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )
  // A post quotes the address it carries (its answer brings the options when a method is refused):
  // options still to be asked for the same typing would only come after it, and replace its answer.
  const submitting = useNavigation().state === 'submitting'
  useEffect(() => {
    if (submitting && timer.current) clearTimeout(timer.current)
  }, [submitting])

  /** The form's onChange: an address field changed, so ask again once the typing rests. */
  const onFormChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const target = event.target as HTMLInputElement | HTMLSelectElement
      if (!ADDRESS_FIELDS.has(target.name)) return
      const form = event.currentTarget
      if (timer.current) clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        const data = new FormData(form)
        const params = new URLSearchParams()
        for (const name of ADDRESS_FIELDS) {
          const value = data.get(name)
          if (typeof value === 'string') params.set(name, value)
        }
        if (chosen) params.set('shippingMethod', chosen)
        load(`${DELIVERY_QUOTE_PATH}?${params}`)
      }, QUOTE_DEBOUNCE_MS)
    },
    [chosen, load],
  )

  const checked =
    chosen && quote.options.some((option) => option.id === chosen) ? chosen : quote.selected
  return {
    quote,
    checked,
    choose: setChosen,
    onFormChange,
    quoting: fetcher.state !== 'idle',
  }
}
