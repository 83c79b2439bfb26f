import type { ImageVariant, ProductImage } from '~/lib/data/types'
import { rememberPromise } from '~/lib/remember.server'

import { prepareImage } from './prepare.server'

/**
 * The product image store (docs/contracts.md "Product images"): one port, two adapters, picked once
 * at start-up like the data store.
 *   - files under DATA_DIR/images/{productId}/, served by app/routes/images.$productId.$file.ts
 *     (the embedded shop);
 *   - the Firebase Storage bucket FIREBASE_STORAGE_BUCKET under products/{productId}/, served by
 *     Storage itself through download URLs.
 * The rule: Storage when DATA_BACKEND=firestore and FIREBASE_STORAGE_BUCKET is set, files
 * otherwise (an embedded shop keeps its pictures beside its database, whatever else is set).
 *
 * Each image is kept as WebP renditions named `{hash}-{width}.webp`, where the hash is that of the
 * uploaded bytes: the same upload always gives the same names and URLs, so they are cached for good.
 */

/** One stored image as the store lists it. */
export type StoredImage = { id: string; variants: ImageVariant[] }

/** A stored image with what the product keeps of it (alt text, size). */
export type ProductStoredImage = ProductImage & StoredImage

export type ImageFile = { bytes: Buffer; etag: string; contentType: 'image/webp' }

export interface ImageStore {
  readonly backend: 'files' | 'storage'
  /** Checks and resizes an upload, stores its renditions; throws ImageRejectedError with a reason. */
  put(productId: string, bytes: Uint8Array, alt: string): Promise<ProductStoredImage>
  /** The product's stored images, in id order. */
  list(productId: string): Promise<StoredImage[]>
  /** One rendition by file name; null for any name that is not a stored rendition. */
  read(productId: string, file: string): Promise<ImageFile | null>
  /** Removes every rendition of one image. */
  delete(productId: string, id: string): Promise<void>
}

/** A stored rendition: its file name (`{hash}-{width}.webp`) and the URL it is served at. */
export type StoredFile = { name: string; url: string }

/** What an adapter does: keep files in one folder per product. Names are already checked. */
export interface ImageFiles {
  readonly backend: ImageStore['backend']
  list(productId: string): Promise<StoredFile[]>
  save(productId: string, name: string, bytes: Buffer): Promise<StoredFile>
  read(productId: string, name: string): Promise<Buffer | null>
  remove(productId: string, name: string): Promise<void>
}

const PRODUCT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const FILE_NAME = /^([0-9a-f]{16})-([1-9][0-9]{0,4})\.webp$/

export function isProductId(productId: string): boolean {
  return productId.length <= 200 && PRODUCT_ID.test(productId)
}

/** `{hash}-{width}.webp` split up; null for any other name. */
export function parseImageFile(file: string): { id: string; width: number } | null {
  const match = FILE_NAME.exec(file)
  return match ? { id: match[1] as string, width: Number(match[2]) } : null
}

function groupFiles(files: readonly StoredFile[]): StoredImage[] {
  const images = new Map<string, ImageVariant[]>()
  for (const file of files) {
    const parsed = parseImageFile(file.name)
    if (!parsed) continue
    const variants = images.get(parsed.id) ?? []
    variants.push({ width: parsed.width, url: file.url })
    images.set(parsed.id, variants)
  }
  return [...images.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([id, variants]) => ({ id, variants: variants.sort((a, b) => a.width - b.width) }))
}

function requireProductId(productId: string) {
  if (!isProductId(productId)) throw new Error(`Not a product id: ${JSON.stringify(productId)}`)
}

export function createImageStore(files: ImageFiles): ImageStore {
  return {
    backend: files.backend,

    async put(productId, bytes, alt) {
      requireProductId(productId)
      const prepared = await prepareImage(bytes)
      const existing = new Map((await files.list(productId)).map((f) => [f.name, f]))
      const variants = await Promise.all(
        prepared.renditions.map(async ({ width, bytes: webp }) => {
          const name = `${prepared.id}-${width}.webp`
          // Same name, same bytes: what is stored already stays, with its URL.
          const stored = existing.get(name) ?? (await files.save(productId, name, webp))
          return { width, url: stored.url }
        }),
      )
      return {
        id: prepared.id,
        url: (variants.at(-1) as ImageVariant).url,
        alt,
        width: prepared.width,
        height: prepared.height,
        variants,
      }
    },

    async list(productId) {
      requireProductId(productId)
      return groupFiles(await files.list(productId))
    },

    async read(productId, file) {
      if (!isProductId(productId) || !parseImageFile(file)) return null
      const bytes = await files.read(productId, file)
      if (!bytes) return null
      return { bytes, etag: `"${file.slice(0, -'.webp'.length)}"`, contentType: 'image/webp' }
    },

    async delete(productId, id) {
      requireProductId(productId)
      const names = (await files.list(productId))
        .map((f) => f.name)
        .filter((name) => parseImageFile(name)?.id === id)
      await Promise.all(names.map((name) => files.remove(productId, name)))
    },
  }
}

/**
 * The process's image store, chosen once from the environment (the rule above) and kept through
 * `remix dev` rebuilds. Adapters load on demand, so the embedded shop never loads firebase-admin.
 */
export function getImageStore(): Promise<ImageStore> {
  return rememberPromise('image-store', async () => {
    const { env } = await import('~/lib/env.server')
    const bucket = env.firebase.storageBucket
    if (env.dataBackend === 'firestore' && bucket) {
      const { storageImageFiles } = await import('./storage.server')
      return createImageStore(storageImageFiles({ projectId: env.firebase.projectId!, bucket }))
    }
    const { fileImageFiles } = await import('./files.server')
    const path = await import('node:path')
    return createImageStore(fileImageFiles(path.join(env.dataDir, 'images')))
  })
}
