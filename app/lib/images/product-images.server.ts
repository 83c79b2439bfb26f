import { getStore } from '~/lib/data/index.server'
import type { ProductImage } from '~/lib/data/types'

import { getImageStore } from './image-store.server'

/**
 * A photo for a product, as the back office adds it: checked and resized by the image store
 * (ImageRejectedError with the reason when refused), then shown last among the product's
 * pictures. The same photo again replaces itself rather than showing twice.
 *
 * NOTE: the product is read and written whole (the Store has no partial update), so a review
 * counted between the two would lose its rating; fine for a back-office action, not for traffic.
 */
export async function addProductImage(
  productId: string,
  bytes: Uint8Array,
  alt: string,
): Promise<ProductImage> {
  const store = await getStore()
  const product = await store.products.get(productId)
  if (!product) throw new Error(`There is no product ${JSON.stringify(productId)}.`)
  const image = await (await getImageStore()).put(productId, bytes, alt)
  const images = [...product.images.filter((i) => i.id !== image.id), image]
  await store.products.upsertMany([{ ...product, images, updatedAt: new Date().toISOString() }])
  return image
}

/** Takes a picture off a product and out of the image store. */
export async function removeProductImage(productId: string, imageId: string): Promise<void> {
  const store = await getStore()
  const product = await store.products.get(productId)
  if (product?.images.some((i) => i.id === imageId)) {
    const images = product.images.filter((i) => i.id !== imageId)
    await store.products.upsertMany([{ ...product, images, updatedAt: new Date().toISOString() }])
  }
  await (await getImageStore()).delete(productId, imageId)
}
