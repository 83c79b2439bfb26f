import type { Audit, Store } from '~/lib/data/store'
import type { ProductImage } from '~/lib/data/types'

import { getImageStore } from './image-store.server'

/** The photo is already one of the product's pictures (the same picture, uploaded again). */
export class DuplicateImageError extends Error {
  constructor() {
    super('This photo is already on the product. Choose a different photo.')
    this.name = 'DuplicateImageError'
  }
}

/**
 * A photo for a product, as the back office adds it: checked and resized by the image store
 * (ImageRejectedError with the reason when refused), then shown last among the product's
 * pictures. The same photo again changes nothing (DuplicateImageError). Only the product's
 * pictures are written (and logged against `audit`), so a sale or a review counted meanwhile stays.
 */
export async function addProductImage(
  store: Store,
  productId: string,
  bytes: Uint8Array,
  alt: string,
  audit: Audit,
): Promise<ProductImage> {
  const product = await store.products.get(productId)
  if (!product) throw new Error(`There is no product ${JSON.stringify(productId)}.`)
  // The image store names a picture by its content, so the same photo comes back with the same id
  // (and storing it again rewrote the same files).
  const image = await (await getImageStore()).put(productId, bytes, alt)
  if (product.images.some((i) => i.id === image.id)) throw new DuplicateImageError()
  await store.products.setImages(productId, [...product.images, image], audit)
  return image
}

/** A picture's id as forms name it: the stored image's hash, or the URL of one kept elsewhere. */
const imageKey = (image: ProductImage) => image.id ?? image.url

/** Takes a picture off a product and, when it is a stored one, out of the image store. */
export async function removeProductImage(
  store: Store,
  productId: string,
  imageId: string,
  audit: Audit,
): Promise<void> {
  const product = await store.products.get(productId)
  const picture = product?.images.find((i) => imageKey(i) === imageId)
  if (product && picture) {
    const images = product.images.filter((i) => i !== picture)
    await store.products.setImages(productId, images, audit)
  }
  // A picture kept elsewhere (a URL) has nothing in the image store.
  if (!picture || picture.id) await (await getImageStore()).delete(productId, imageId)
}

/** Moves a picture one place earlier (`up`) or later (`down`); at either end it stays. */
export async function moveProductImage(
  store: Store,
  productId: string,
  imageId: string,
  direction: 'up' | 'down',
  audit: Audit,
): Promise<void> {
  const product = await store.products.get(productId)
  if (!product) throw new Error(`There is no product ${JSON.stringify(productId)}.`)
  const from = product.images.findIndex((i) => imageKey(i) === imageId)
  const to = direction === 'up' ? from - 1 : from + 1
  if (from === -1 || to < 0 || to >= product.images.length) return
  const images = [...product.images]
  ;[images[from], images[to]] = [images[to]!, images[from]!]
  await store.products.setImages(productId, images, audit)
}
