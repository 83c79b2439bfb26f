import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
} from '@remix-run/react'

import { ErrorList } from '~/components/forms'
import { Gallery } from '~/components/gallery'
import { LikeButton } from '~/components/like-button'
import { Link } from '~/components/link'
import { Price } from '~/components/price'
import { StarRating } from '~/components/star-rating'
import { AddToCartForm } from '~/components/cart/add-to-cart-form'
import { absoluteUrl, productJsonLd, serializeJsonLd } from '~/lib/catalog/json-ld'
import { formatAverage, productStatistics } from '~/lib/catalog/statistics'
import { parseProductId } from '~/lib/catalog/query.server'
import { shownCompareAt, stockLabel } from '~/lib/catalog/summary'
import { getStore } from '~/lib/data/index.server'
import { env } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'
import { likedIds } from '~/lib/liked/liked.server'
import { centsToRandsString } from '~/lib/money'
import { reviewAction } from '~/lib/reviews/review-action.server'
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from '~/lib/reviews/limits'
import type { RootLoader } from '~/root'
import catalogStyles from '~/styles/catalog.css'
import formStyles from '~/styles/forms.css'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: formStyles },
  { rel: 'stylesheet', href: catalogStyles },
]

/** Most reviews a page shows; the statistics still count every review. */
const REVIEWS_SHOWN = 50

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = parseProductId(params.id)
  if (!id) throw notFound()
  const store = await getStore()
  const [product, reviews, liked] = await Promise.all([
    store.products.get(id),
    store.reviews.listForProduct(id, { limit: REVIEWS_SHOWN }),
    likedIds(request),
  ])
  if (!product) throw notFound()

  const statistics = productStatistics(product.rating)
  const canonical = absoluteUrl(`/shop/${encodeURIComponent(product.id)}`, env.appUrl)
  const image = product.images[0]
  return {
    product: {
      id: product.id,
      name: product.name,
      description: product.description,
      category: product.category,
      categoryName: product.categoryName,
      priceCents: product.priceCents,
      compareAtCents: shownCompareAt(product),
      stock: product.stock,
      images: product.images,
    },
    statistics,
    reviews: [...reviews]
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
      .map(({ id: reviewId, authorName, rating, title, body, createdAt }) => ({
        id: reviewId,
        authorName,
        rating,
        title,
        body,
        createdAt,
      })),
    liked: liked.includes(product.id),
    // Sent with the page: the limits live in a .server module, which the browser bundle cannot import.
    reviewLimits: { title: REVIEW_TITLE_MAX, body: REVIEW_BODY_MAX },
    seo: {
      canonical,
      image: image
        ? {
            url: absoluteUrl(image.url, env.appUrl),
            width: image.width,
            height: image.height,
            alt: image.alt,
          }
        : null,
    },
    jsonLd: serializeJsonLd(
      productJsonLd(
        { ...product, rating: { count: statistics.count, average: statistics.average } },
        env.appUrl,
      ),
    ),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return reviewAction({ request, params })
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: 'Product not found | Karoo & Co.' }]
  const { product, seo } = data
  const title = `${product.name} | Karoo & Co.`
  const description = summarise(product.description, 155)
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    { property: 'og:type', content: 'product' },
    { property: 'og:site_name', content: 'Karoo & Co.' },
    { property: 'og:title', content: product.name },
    { property: 'og:description', content: description },
    { property: 'og:url', content: seo.canonical },
    ...(seo.image
      ? [
          { property: 'og:image', content: seo.image.url },
          { property: 'og:image:width', content: String(seo.image.width) },
          { property: 'og:image:height', content: String(seo.image.height) },
          { property: 'og:image:alt', content: seo.image.alt || product.name },
        ]
      : []),
    { property: 'product:price:amount', content: centsToRandsString(product.priceCents) },
    { property: 'product:price:currency', content: 'ZAR' },
    { property: 'product:availability', content: product.stock > 0 ? 'in stock' : 'out of stock' },
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
}

/** The first sentence-ish `max` characters, cut at a word. */
function summarise(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  return `${flat.slice(0, flat.lastIndexOf(' ', max - 1)).replace(/[,.;:]$/, '')}…`
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** "12 March 2024", computed in UTC so server and browser agree (no hydration mismatch). */
function formatDate(iso: string): string {
  const date = new Date(iso)
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

export default function ProductPage() {
  const { product, statistics, reviews, liked, jsonLd, reviewLimits } =
    useLoaderData<typeof loader>()
  const signedIn = useRouteLoaderData<RootLoader>('root')?.counts?.signedIn ?? false
  const stock = stockLabel(product.stock)
  const path = `/shop/${encodeURIComponent(product.id)}`

  return (
    <div className="product-page container">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/shop">Shop</Link>
          </li>
          <li>
            <Link to={`/shop?category=${encodeURIComponent(product.category)}`}>
              {product.categoryName}
            </Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>

      <div className="product-page__top">
        <Gallery images={product.images} productName={product.name} />

        <div className="product-page__buy">
          <h1 className="product-page__name">{product.name}</h1>
          {statistics.average !== null ? (
            <p className="product-page__rating">
              <StarRating rating={statistics.average} />{' '}
              <a href="#reviews">
                {statistics.count} {statistics.count === 1 ? 'review' : 'reviews'}
              </a>
            </p>
          ) : null}
          <Price
            cents={product.priceCents}
            compareAtCents={product.compareAtCents}
            className="product-page__price"
          />
          <p className="product-page__vat">Price includes 15% VAT.</p>
          {/* At stock 0 the cart form below says "Sold out"; saying it twice would only repeat it. */}
          {stock.level !== 'out' ? (
            <p className={`stock-badge stock-badge--${stock.level}`}>{stock.label}</p>
          ) : null}

          {/* The buying feature's form: quantity 1..min(10, stock), posts intent=add to /cart; "Sold out" at 0. */}
          <AddToCartForm productId={product.id} productName={product.name} stock={product.stock} />

          <div className="product-page__like">
            <LikeButton productId={product.id} productName={product.name} liked={liked} />
          </div>

          <div className="product-page__description">
            <h2>About this product</h2>
            {product.description.split(/\n{2,}/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </div>
      </div>

      <section id="reviews" className="product-reviews" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">Reviews</h2>
        <RatingStatistics statistics={statistics} />

        {signedIn ? (
          <ReviewForm limits={reviewLimits} />
        ) : (
          <p className="product-reviews__sign-in">
            <Link to={`/auth?${new URLSearchParams({ redirectTo: path })}`}>
              Sign in to write a review
            </Link>
          </p>
        )}

        {reviews.length > 0 ? (
          <>
            {statistics.count > reviews.length ? (
              <p className="product-reviews__note">
                Showing the {reviews.length} newest of {statistics.count} reviews.
              </p>
            ) : null}
            <ol className="review-list">
              {reviews.map((review) => (
                <li key={review.id} className="review">
                  <article aria-labelledby={`review-${review.id}`}>
                    <header>
                      <StarRating rating={review.rating} />
                      <h3 id={`review-${review.id}`} className="review__title">
                        {review.title || `${review.rating}-star review`}
                      </h3>
                      <p className="review__meta">
                        {review.authorName},{' '}
                        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                      </p>
                    </header>
                    <p className="review__body">{review.body}</p>
                  </article>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p>No reviews yet. Be the first to share what you think.</p>
        )}
      </section>
    </div>
  )
}

function RatingStatistics({ statistics }: { statistics: ReturnType<typeof productStatistics> }) {
  if (statistics.count === 0 || statistics.average === null) return null
  return (
    <div className="rating-statistics">
      <p className="rating-statistics__average">
        <StarRating rating={statistics.average} />{' '}
        <span>
          {formatAverage(statistics.average)}, from {statistics.count}{' '}
          {statistics.count === 1 ? 'review' : 'reviews'}
        </span>
      </p>
      <table className="rating-distribution">
        <caption className="visually-hidden">How many reviews gave each star rating</caption>
        <tbody>
          {statistics.distribution.map((row) => (
            <tr key={row.stars}>
              <th scope="row">
                {row.stars} {row.stars === 1 ? 'star' : 'stars'}
              </th>
              <td className="rating-distribution__bar-cell">
                <span className="rating-distribution__bar" aria-hidden="true">
                  <span style={{ width: `${row.percent}%` }} />
                </span>
              </td>
              <td className="rating-distribution__figure">
                {row.percent}%
                <span className="visually-hidden">
                  {' '}
                  ({row.count} {row.count === 1 ? 'review' : 'reviews'})
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function ReviewForm({ limits }: { limits: { title: number; body: number } }) {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const submitting =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'review'
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined
  const values = actionData && 'values' in actionData ? actionData.values : undefined

  return (
    <Form
      method="post"
      className="review-form"
      preventScrollReset
      aria-labelledby="review-form-heading"
    >
      <h3 id="review-form-heading">Write a review</h3>
      <input type="hidden" name="intent" value="review" />
      <fieldset
        className={
          errors?.rating?.length
            ? 'field field--invalid review-form__rating'
            : 'field review-form__rating'
        }
        aria-describedby={errors?.rating?.length ? 'review-rating-error' : undefined}
      >
        <legend>Your rating</legend>
        {([5, 4, 3, 2, 1] as const).map((stars) => (
          <label key={stars}>
            <input
              type="radio"
              name="rating"
              value={stars}
              defaultChecked={values?.rating === String(stars)}
              required
            />{' '}
            {stars} {stars === 1 ? 'star' : 'stars'}
          </label>
        ))}
        <ErrorList id="review-rating-error" errors={errors?.rating} />
      </fieldset>
      <div className={errors?.title?.length ? 'field field--invalid' : 'field'}>
        <label htmlFor="review-title">Title (optional)</label>
        <input
          id="review-title"
          name="title"
          maxLength={limits.title}
          defaultValue={values?.title ?? ''}
          aria-invalid={errors?.title?.length ? true : undefined}
          aria-describedby={errors?.title?.length ? 'review-title-error' : undefined}
        />
        <ErrorList id="review-title-error" errors={errors?.title} />
      </div>
      <div className={errors?.body?.length ? 'field field--invalid' : 'field'}>
        <label htmlFor="review-body">Your review</label>
        <textarea
          id="review-body"
          name="body"
          rows={5}
          maxLength={limits.body}
          required
          defaultValue={values?.body ?? ''}
          aria-invalid={errors?.body?.length ? true : undefined}
          aria-describedby={errors?.body?.length ? 'review-body-error' : undefined}
        />
        <ErrorList id="review-body-error" errors={errors?.body} />
      </div>
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? 'Sending…' : 'Post review'}
      </button>
    </Form>
  )
}
