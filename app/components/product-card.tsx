import { useNavigate } from '@remix-run/react'
import type { MouseEvent } from 'react'

import { LikedHeart } from '~/components/like-button'
import { Price } from '~/components/price'
import { StarRating } from '~/components/star-rating'
import { AddOneForm } from '~/components/cart/add-one-form'
import { stockLabel, type ProductSummary } from '~/lib/catalog/summary'
import { FETCH_FIRST, IMAGE_SIZES } from '~/lib/images/responsive'

/**
 * The one product card of /shop, the home page's featured products and the liked list. Pure:
 * it renders the summary it is given; `liked` is the visitor's state when the page knows it.
 */
export function ProductCard({
  product,
  liked,
  headingLevel = 3,
  eager = false,
}: {
  product: ProductSummary
  liked?: boolean
  headingLevel?: 2 | 3
  /** The first row of cards is above the fold: load their images at once, before the rest. */
  eager?: boolean
}) {
  const href = `/shop/${encodeURIComponent(product.id)}`
  const stock = stockLabel(product.stock)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const headingId = `pc-${product.id}`
  const followLink = useFollowLink()
  // NOTE: one link per card, on the name; CSS stretches it over the card, so the picture needs
  // no link of its own. Every per-card byte counts 24 times on /shop: short ids and classes.
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegation: the clicks are its links' own (Enter on a link clicks it too)
    <article className="product-card" aria-labelledby={headingId} onClick={followLink}>
      {product.image ? (
        <img
          src={product.image.url}
          srcSet={product.image.srcSet}
          sizes={IMAGE_SIZES.card}
          alt=""
          width={product.image.width}
          height={product.image.height}
          loading={eager ? 'eager' : 'lazy'}
          {...(eager ? FETCH_FIRST : {})}
          decoding="async"
        />
      ) : (
        <span className="product-card__image" />
      )}
      <div className="product-card__body">
        <p className="product-card__category">{product.categoryName}</p>
        <Heading id={headingId}>
          <a href={href}>{product.name}</a>
        </Heading>
        {product.rating.average !== null ? (
          <StarRating rating={product.rating.average} count={product.rating.count} />
        ) : (
          <p className="product-card__no-reviews">No reviews yet</p>
        )}
        <Price
          cents={product.priceCents}
          compareAtCents={product.compareAtCents}
          from={product.priceFrom}
        />
        {stock.level !== 'in' ? (
          <p className={`stock-badge stock-badge--${stock.level}`}>{stock.label}</p>
        ) : null}
        {product.stock <= 0 ? null : product.optionNames?.length ? (
          // Which size or colour is the shopper's choice: the card sends them to pick it.
          <a
            href={href}
            className="button button--secondary product-card__choose"
            aria-label={`Choose ${choose(product)} of ${product.name}`}
          >
            Choose<span className="product-card__choose-more"> {choose(product)}</span>
          </a>
        ) : (
          <AddOneForm productId={product.id} productName={product.name} stock={product.stock} />
        )}
      </div>
      <LikedHeart productId={product.id} productName={product.name} liked={liked ?? false} />
    </article>
  )
}

/**
 * The card's links are plain `<a href>`: a router `<Link>` resolves its path on every render, and
 * /shop draws 24 cards. One click handler on the card hands a plain left click on any of its
 * same-origin links to the router, so navigation stays client-side; modified clicks (new tab,
 * download) and other origins keep the browser's own behaviour.
 */
function useFollowLink() {
  const navigate = useNavigate()
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
    const anchor = (event.target as Element).closest('a')
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return
    if (anchor.origin !== window.location.origin) return
    event.preventDefault()
    navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`)
  }
}

/** "size and colour": what the shopper picks on the product page. */
function choose(product: ProductSummary): string {
  return (product.optionNames ?? []).join(' and ').toLowerCase()
}

/** A card-shaped placeholder shown while results load. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <div className="product-card__image skeleton" />
      <div className="product-card__body">
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--short" />
      </div>
    </div>
  )
}
