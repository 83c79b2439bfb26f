import { AddToCartForm } from '~/components/cart/add-to-cart-form'
import { Gallery } from '~/components/gallery'
import { LikedHeart } from '~/components/like-button'
import { Link } from '~/components/link'
import { Price } from '~/components/price'
import { StarRating } from '~/components/star-rating'
import { useState, type ReactNode } from 'react'

import { VariantPicker } from '~/components/catalog/variant-picker'
import { isColourOption } from '~/lib/catalog/colours'
import type { ProductStatistics } from '~/lib/catalog/statistics'
import { stockLabel } from '~/lib/catalog/summary'
import { optionChoices, optionParam, variantFor, variantUrl } from '~/lib/catalog/variants'
import type { ProductImage, ProductOption, ProductVariant } from '~/lib/data/types'
import { formatOptions } from '~/lib/data/variants'

/** The product fields the product page renders. */
export type ProductDetailView = {
  id: string
  name: string
  description: string
  category: string
  categoryName: string
  priceCents: number
  compareAtCents: number | null
  stock: number
  images: ProductImage[]
  options: ProductOption[]
  variants: ProductVariant[]
  /** The option values the page opened with (from `?variant=` or the no-JS form); [] without options. */
  selection: string[]
}

/** "Silk shirt (Size: M, Colour: Blue) | Karoo & Co.": the title follows the picked options. */
export function productPageTitle(
  product: Pick<ProductDetailView, 'name' | 'options'>,
  selection: readonly string[],
): string {
  const picked = formatOptions(
    selection.map((value, i) => ({ name: product.options[i]?.name ?? '', value })),
  )
  return `${picked ? `${product.name} (${picked})` : product.name} | Karoo & Co.`
}

/** The page URL for a selection: the variant's, or the options themselves for an unsold one. */
function selectionUrl(product: ProductDetailView, selection: readonly string[]): string {
  const variant = variantFor(product, selection)
  if (variant) return variantUrl(product.id, variant)
  const params = new URLSearchParams(
    selection.map((value, i) => [optionParam(product.options[i]?.name ?? ''), value]),
  )
  return `/shop/${encodeURIComponent(product.id)}?${params}`
}

/**
 * The pictures for a selection: the picked variant's own picture first (for a combination not sold,
 * that of a variant in the picked colour), then the product's others, leaving out the pictures of
 * other variants (another colour's pack shot), so every picture shown is of the colour picked.
 */
function picturesOf(
  product: Pick<ProductDetailView, 'images' | 'options' | 'variants'>,
  selection: readonly string[],
): ProductImage[] {
  const colourAt = product.options.findIndex((option) => isColourOption(option.name))
  const variant =
    variantFor(product, selection) ??
    (colourAt === -1
      ? null
      : (product.variants.find(
          (v) => v.image && v.optionValues[colourAt] === selection[colourAt],
        ) ?? null))
  const own = variant?.image
  if (!own) return product.images
  const others = new Set(product.variants.map((v) => v.image?.url).filter((url) => url !== own.url))
  return [own, ...product.images.filter((image) => image.url !== own.url && !others.has(image.url))]
}

/** What a first-time buyer wants to know before paying: delivery, returns, payment. */
function TrustSignals({ delivery }: { delivery: string | null }) {
  return (
    <ul className="trust-signals" aria-label="Delivery, returns and payment">
      {delivery ? <li>{delivery}</li> : null}
      <li>
        <span>
          Changed your mind? See our <Link to="/faq">returns policy</Link>
        </span>
      </li>
      <li>Secure payment with PayFast</li>
    </ul>
  )
}

/** Where the product sits in the shop: Shop › its category › the product. */
export function ProductBreadcrumb({ product }: { product: ProductDetailView }) {
  return (
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
  )
}

/**
 * The top of the product page: pictures, name, rating, option pickers, price, stock, add to cart,
 * like, description. With JS a pick changes price, compare-at price, stock, picture, title and URL
 * at once (the URL replaced, not pushed); `onSelect` hears the new selection.
 */
export function ProductDetail({
  product,
  statistics,
  delivery = null,
  liked,
  onSelect,
  soldOut,
}: {
  product: ProductDetailView
  statistics: Pick<ProductStatistics, 'count' | 'average'>
  /** The delivery promise from the store's rates (lib/shipping/delivery-promise.ts). */
  delivery?: string | null
  liked: boolean
  onSelect?: (selection: string[]) => void
  /** Under a sold-out variant's cart form: "Email me when it's back" (NotifyMeForm). */
  soldOut?: (variantId: string) => ReactNode
}) {
  const [selection, setSelection] = useState(product.selection)
  const variant = variantFor(product, selection)
  const stock = stockLabel(variant?.stock ?? 0)
  const images = picturesOf(product, selection)
  const pick = (optionIndex: number, value: string) => {
    const next = selection.map((picked, i) => (i === optionIndex ? value : picked))
    setSelection(next)
    window.history.replaceState(window.history.state, '', selectionUrl(product, next))
    document.title = productPageTitle(product, next)
    onSelect?.(next)
  }
  return (
    <div className="product-page__top">
      <Gallery key={images[0]?.url} images={images} productName={product.name} />

      <section className="product-page__buy" aria-labelledby="product-name">
        <h1 className="product-page__name" id="product-name">
          {product.name}
        </h1>
        {statistics.average !== null ? (
          <p className="product-page__rating">
            <StarRating rating={statistics.average} />{' '}
            <a href="#reviews">
              {statistics.count} {statistics.count === 1 ? 'review' : 'reviews'}
            </a>
          </p>
        ) : null}
        {product.options.length > 0 ? (
          <VariantPicker
            action={`/shop/${encodeURIComponent(product.id)}`}
            choices={optionChoices(product, selection)}
            onPick={pick}
          />
        ) : null}
        {variant ? (
          <>
            <Price
              cents={variant.priceCents}
              compareAtCents={variant.compareAtCents}
              className="product-page__price"
            />
            <p className="product-page__vat">Price includes 15% VAT.</p>
            {/* At stock 0 the cart form below says "Sold out"; saying it twice would only repeat it. */}
            {stock.level !== 'out' ? (
              <p className={`stock-badge stock-badge--${stock.level}`}>{stock.label}</p>
            ) : null}
            <AddToCartForm
              key={variant.id}
              productId={product.id}
              variantId={product.options.length > 0 ? variant.id : undefined}
              productName={product.name}
              stock={variant.stock}
            />
            {variant.stock <= 0 && soldOut ? soldOut(variant.id) : null}
          </>
        ) : (
          <p className="add-to-cart add-to-cart--sold-out" role="status">
            Not sold in this combination; choose another
          </p>
        )}

        <div className="product-page__like">
          <LikedHeart productId={product.id} productName={product.name} liked={liked} />
        </div>

        <TrustSignals delivery={delivery} />

        <div className="product-page__description">
          <h2>About this product</h2>
          {product.description.split(/\n{2,}/).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      </section>
    </div>
  )
}
