import { AddToCartForm } from '~/components/cart/add-to-cart-form'
import { Gallery } from '~/components/gallery'
import { LikeButton } from '~/components/like-button'
import { Link } from '~/components/link'
import { Price } from '~/components/price'
import { StarRating } from '~/components/star-rating'
import type { ProductStatistics } from '~/lib/catalog/statistics'
import { stockLabel } from '~/lib/catalog/summary'
import type { ProductImage } from '~/lib/data/types'

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

/** The top of the product page: pictures, name, rating, price, stock, add to cart, like, description. */
export function ProductDetail({
  product,
  statistics,
  liked,
}: {
  product: ProductDetailView
  statistics: Pick<ProductStatistics, 'count' | 'average'>
  liked: boolean
}) {
  const stock = stockLabel(product.stock)
  return (
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
  )
}
