import { useFetcher, useLocation } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'

import { FetcherForm, resultMessages } from '~/components/fetcher-form'
import { ErrorList } from '~/components/error-list'
import { PersonalVariants } from '~/components/personal'
import type { LikeActionData } from '~/lib/liked/liked-action.server'
import { ownSearch } from '~/lib/page-params'
import { LIKED_STATES, likedHole } from '~/lib/personal'

/**
 * The heart on product cards and pages (`intent=toggle`, `productId`; schema in
 * lib/liked/schema.ts). With JS: a fetcher, flipped optimistically while the request runs, and the
 * action's refusal shown beside it. Without JS: the same form posts and the action redirects back.
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
  const fetcher = useFetcher<LikeActionData>({ key: `like-${productId}` })
  const location = useLocation()
  const hydrated = useHydrated()

  // Optimistic: from submit until the revalidated page arrives, show the opposite of what the page knows.
  const pressed = fetcher.formData ? !liked : liked

  return (
    <FetcherForm fetcher={fetcher} action="/liked" className="like-form">
      <input type="hidden" name="productId" value={productId} />
      <input
        type="hidden"
        name="redirectTo"
        value={`${location.pathname}${ownSearch(location.pathname, location.search)}`}
      />
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
      <ErrorList errors={fetcher.state === 'idle' ? resultMessages(fetcher.data?.result) : []} />
    </FetcherForm>
  )
}

/**
 * The heart of a card or product page for this visitor; on a page kept by the page cache, a hole
 * holding both hearts, filled per request (~/components/personal).
 */
export function LikedHeart({
  productId,
  productName,
  liked,
}: {
  productId: string
  productName: string
  liked: boolean
}) {
  return (
    <PersonalVariants
      hole={likedHole(productId)}
      value={liked ? 'liked' : 'not-liked'}
      variants={LIKED_STATES}
      render={(state) => (
        <LikeButton productId={productId} productName={productName} liked={state === 'liked'} />
      )}
    />
  )
}
