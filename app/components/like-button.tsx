import { useFetcher, useLocation } from '@remix-run/react'
import { useSyncExternalStore } from 'react'

import { FetcherForm } from '~/components/fetcher-form'

const noSubscription = () => () => {}

/** false while server-rendering and hydrating, true once React runs in the browser. */
function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

type LikeResult = { ok: boolean; liked?: boolean }

/**
 * The heart on product cards and pages. With JS: a fetcher, flipped optimistically while the
 * request runs. Without JS: the same form posts and the action redirects back here.
 */
export function LikeButton({
  productId,
  productName,
  liked,
}: {
  productId: string
  productName: string
  liked: boolean
}) {
  const fetcher = useFetcher<LikeResult>({ key: `like-${productId}` })
  const location = useLocation()
  const hydrated = useHydrated()

  // Optimistic: from submit until the revalidated page arrives, show the opposite of what the page knows.
  const pressed = fetcher.formData ? !liked : liked

  return (
    <FetcherForm fetcher={fetcher} action="/liked" className="like-form">
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="fetcher" value="1" /> : null}
      <button
        type="submit"
        name="intent"
        value="toggle"
        className="like-button"
        aria-pressed={pressed}
        aria-label={`${pressed ? 'Unlike' : 'Like'} ${productName}`}
      >
        <span className="like-button__heart" aria-hidden="true">
          {pressed ? '♥' : '♡'}
        </span>
      </button>
    </FetcherForm>
  )
}
