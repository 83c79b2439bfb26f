import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useState } from 'react'

import { NotifyMeForm } from '~/components/catalog/notify-me-form'
import {
  ProductBreadcrumb,
  ProductDetail,
  productPageTitle,
} from '~/components/catalog/product-detail'
import { ProductReviews } from '~/components/catalog/product-reviews'
import { ProductShelf } from '~/components/catalog/product-shelf'
import { usePersonal } from '~/components/personal'
import { catalog } from '~/lib/catalog/products.server'
import { productJsonLd, serializeJsonLd } from '~/lib/catalog/json-ld'
import { productSeo, summarise } from '~/lib/catalog/seo'
import { shownOnPage } from '~/lib/catalog/recently-viewed'
import { productStatistics } from '~/lib/catalog/statistics'
import { shownCompareAt } from '~/lib/catalog/summary'
import { selectionFromParams, variantFor, variantUrl } from '~/lib/catalog/variants'
import { defaultVariant, findVariant } from '~/lib/data/variants'
import { env } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'
import { centsToRandsString } from '~/lib/money'
import { requestContext } from '~/lib/request-context.server'
import { reviewAction } from '~/lib/reviews/review-action.server'
import { parseReviewQuery } from '~/lib/reviews/review-query'
import { reviews } from '~/lib/reviews/reviews.server'
import { deliveryPromise } from '~/lib/shipping/delivery-promise'
import { notifyAction } from '~/lib/win-back/notify-action.server'

// catalog.css is in the shell's stylesheet (root.tsx).

export async function loader({ params, request }: LoaderFunctionArgs) {
  const context = await requestContext(request)
  const product = await catalog.product(params.id, context.store)
  if (!product) throw notFound()
  // The no-JS option form sends `?size=M&colour=Black`; a sold combination answers as its variant's
  // URL, an unsold one is shown as picked (marked, nothing to add).
  const search = new URL(request.url).searchParams
  const picked = selectionFromParams(product, search)
  const pickedVariant = picked ? variantFor(product, picked) : null
  if (pickedVariant) throw redirect(variantUrl(product.id, pickedVariant))
  const variant = picked
    ? null
    : (findVariant(product, search.get('variant')) ?? defaultVariant(product))
  const selection = picked ?? variant?.optionValues ?? []
  // The recently viewed list is written by the view beacon (see ProductPage), never here: this
  // page sets no cookie, so the page cache may keep it for visitors without a list.
  // The hearts and the header come from the root's personal view (~/lib/personal).
  const [reviewPage, myReview, related, recentlyViewed, shipping, notifyEmail] = await Promise.all([
    reviews.pageForProduct(context.store, product.id, parseReviewQuery(search)),
    // A signed-in customer's own review, for the form that edits it (never a cached page: the
    // page cache keeps only signed-out visitors' pages).
    context.userId().then((id) => (id ? reviews.mine(context.store, product.id, id) : null)),
    catalog.related(product.id),
    context.recentlyViewed().then((ids) => catalog.summaries(shownOnPage(ids, product.id))),
    context.store.shipping.get(),
    // "Email me when it's back" fills in a signed-in customer's email.
    context.user().then((user) => user?.email ?? ''),
  ])
  const statistics = productStatistics(product.rating)
  const { jsonLd, ...seo } = productSeo(product, statistics, env.appUrl, variant?.id)
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
      options: product.options,
      variants: product.variants,
      selection,
    },
    statistics,
    /** Beside the buy button: the store's cheapest delivery and free-delivery threshold. */
    delivery: deliveryPromise(shipping.zones),
    reviews: reviewPage,
    myReview,
    /** The variant the URL names, kept by the review sort and page links. */
    variantParam: variant && search.get('variant') ? variant.id : null,
    related,
    recentlyViewed,
    notifyEmail,
    seo,
    jsonLd,
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  // Two forms post here: "Email me when it's back" (intent=notify) and the review form.
  const formData = await request.clone().formData()
  if (formData.get('intent') === 'notify') {
    return notifyAction({ request, params, formData, clientIp: context.clientIp ?? '' })
  }
  return reviewAction({ request, params })
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: 'Product not found | Karoo & Co.' }]
  const { product, seo } = data
  const title = productPageTitle(product, product.selection)
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

export default function ProductPage() {
  const {
    product,
    statistics,
    delivery,
    reviews,
    myReview,
    variantParam,
    related,
    recentlyViewed,
    notifyEmail,
    jsonLd,
    seo,
  } = useLoaderData<typeof loader>()
  const personal = usePersonal()
  const liked = new Set(personal.liked)
  const productPath = `/shop/${encodeURIComponent(product.id)}`
  const signedIn = personal.signedIn
  // A pick with JS redraws the JSON-LD for the picked variant, as the server would for its URL.
  const [pickedLd, setPickedLd] = useState<string | null>(null)
  const onSelect = (selection: string[]) => {
    const picked = variantFor(product, selection)
    const ld = productJsonLd(
      { ...product, rating: { count: statistics.count, average: statistics.average } },
      new URL(seo.canonical).origin,
      picked?.id,
    )
    setPickedLd(serializeJsonLd(ld))
  }

  return (
    <div className="product-page container">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: pickedLd ?? jsonLd }} />
      <ProductBreadcrumb product={product} />
      <ProductDetail
        // NOTE: keyed by product only. A pick replaces the URL outside the router, so a
        // revalidation (after adding to the cart) loads the page's first variant again; the
        // shopper's pick, held in ProductDetail, must survive it. Without JS every pick is a page load.
        key={product.id}
        product={product}
        statistics={statistics}
        delivery={delivery}
        liked={liked.has(product.id)}
        onSelect={onSelect}
        soldOut={(variantId) => (
          <NotifyMeForm
            key={`notify-${variantId}`}
            productPath={productPath}
            variantId={variantId}
            email={notifyEmail}
          />
        )}
      />
      <ProductShelf id="related" title="You may also like" products={related} liked={liked} />
      <ProductReviews
        productPath={productPath}
        variant={variantParam}
        statistics={statistics}
        reviews={reviews}
        signedIn={signedIn}
        mine={myReview}
      />
      <ProductShelf
        id="recently-viewed"
        title="Recently viewed"
        products={recentlyViewed}
        liked={liked}
      />
      {/* The view beacon: loading it records this product in the recently viewed cookie, so the
          page itself needs no Set-Cookie and no script (docs/decisions/021-shopper-experience.md). */}
      <img
        className="view-beacon"
        src={`/recently-viewed/${encodeURIComponent(product.id)}`}
        alt=""
        width={1}
        height={1}
      />
    </div>
  )
}
