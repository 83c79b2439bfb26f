import type { ImageVariant, ProductImage } from '~/lib/data/types'
import { rememberPromise } from '~/lib/remember.server'

import type { PictureCache } from './picture-cache.server'
import {
  planDrawing,
  prepareImage,
  renderDrawing,
  renditionWidths,
  type DrawingPlan,
} from './prepare.server'

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
 *
 * The shop's own drawings (the demo pictures) go in through putDrawing instead, named by a hash of
 * the drawing and of how it is rendered. Their renditions come from the machine's picture cache
 * when it has them; otherwise the files adapter keeps the drawing as `{hash}-{width}.svg` and makes
 * its renditions the first time one of them is read (so a first seed takes seconds, not a minute),
 * while Storage, which serves its files itself, has them made at once.
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
  /**
   * Stores one of the shop's own SVG drawings (never an upload) as an image: renditions from the
   * picture cache, made now (`renderNow`, or an adapter that cannot wait), or made on first read.
   */
  putDrawing(
    productId: string,
    svg: string,
    alt: string,
    options?: { renderNow?: boolean },
  ): Promise<ProductStoredImage>
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
  /**
   * The URL a file will be served at once it is saved, for an adapter whose files are all served
   * through read() (the files adapter, through the image route): only such an adapter can leave a
   * drawing's renditions to be made on first read.
   */
  urlOf?(productId: string, name: string): string
}

/** Options of the image store: the machine's picture cache for the shop's own drawings. */
export type ImageStoreOptions = { cache?: PictureCache }

const PRODUCT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const FILE_NAME = /^([0-9a-f]{16})-([1-9][0-9]{0,4})\.webp$/
const DRAWING_NAME = /^([0-9a-f]{16})-([1-9][0-9]{0,4})\.svg$/

export function isProductId(productId: string): boolean {
  return productId.length <= 200 && PRODUCT_ID.test(productId)
}

/** `{hash}-{width}.webp` split up; null for any other name. */
export function parseImageFile(file: string): { id: string; width: number } | null {
  const match = FILE_NAME.exec(file)
  return match ? { id: match[1] as string, width: Number(match[2]) } : null
}

/** `{hash}-{width}.svg`, a drawing kept until its renditions are made; null for any other name. */
function parseDrawingFile(file: string): { id: string; width: number } | null {
  const match = DRAWING_NAME.exec(file)
  return match ? { id: match[1] as string, width: Number(match[2]) } : null
}

/**
 * The stored images among a product's files: each rendition, and each rendition still to be made
 * from a kept drawing (at the URL it will be served at).
 */
function groupFiles(
  files: readonly StoredFile[],
  urlOf: (name: string) => string | null,
): StoredImage[] {
  const images = new Map<string, Map<number, string>>()
  const add = (id: string, width: number, url: string) => {
    const variants = images.get(id) ?? new Map<number, string>()
    if (!variants.has(width)) variants.set(width, url)
    images.set(id, variants)
  }
  for (const file of files) {
    const rendition = parseImageFile(file.name)
    if (rendition) add(rendition.id, rendition.width, file.url)
  }
  for (const file of files) {
    const drawing = parseDrawingFile(file.name)
    if (!drawing) continue
    for (const width of renditionWidths(drawing.width)) {
      const url = urlOf(`${drawing.id}-${width}.webp`)
      if (url) add(drawing.id, width, url)
    }
  }
  return [...images.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([id, variants]) => ({
      id,
      variants: [...variants.entries()]
        .map(([width, url]) => ({ width, url }))
        .sort((a, b) => a.width - b.width),
    }))
}

function planOrNull(svg: string): DrawingPlan | null {
  try {
    return planDrawing(svg)
  } catch {
    return null
  }
}

function requireProductId(productId: string) {
  if (!isProductId(productId)) throw new Error(`Not a product id: ${JSON.stringify(productId)}`)
}

export function createImageStore(files: ImageFiles, options: ImageStoreOptions = {}): ImageStore {
  const { cache } = options
  const urlOf = (productId: string, name: string) => files.urlOf?.(productId, name) ?? null

  /** Draws the renditions and keeps them in the cache. */
  async function draw(svg: string, id: string): Promise<Map<string, Buffer>> {
    const renditions = await renderDrawing(svg)
    const named = new Map(renditions.map((r) => [`${id}-${r.width}.webp`, r.bytes]))
    if (cache) await Promise.all([...named].map(([name, bytes]) => cache.write(name, bytes)))
    return named
  }

  /** The renditions of a drawing: from the cache, or drawn now (and cached). */
  async function renditionsOf(svg: string, id: string, widths: number[]) {
    const names = widths.map((width) => `${id}-${width}.webp`)
    const cached = await cache?.readAll(names)
    return cached ? new Map(names.map((name, i) => [name, cached[i] as Buffer])) : draw(svg, id)
  }

  /** Drawings whose renditions are being made on a first read now, by product and id. */
  const drawingNow = new Map<string, Promise<Map<string, Buffer> | null>>()

  /**
   * The rendition `file` of a drawing the product keeps, made now with all its other sizes (once,
   * however many reads ask at the same time), saved beside it, after which the drawing is removed.
   * Null when the product keeps no such drawing or it is not offered at that width.
   */
  async function drawOnRead(productId: string, file: string): Promise<Buffer | null> {
    const { id, width } = parseImageFile(file) as { id: string; width: number }
    const kept = (await files.list(productId))
      .map((f) => ({ name: f.name, drawing: parseDrawingFile(f.name) }))
      .find((f) => f.drawing?.id === id)
    if (!kept || !renditionWidths(kept.drawing!.width).includes(width)) return null
    const key = `${productId}/${id}`
    let running = drawingNow.get(key)
    if (!running) {
      running = (async () => {
        const svg = (await files.read(productId, kept.name))?.toString('utf8')
        // Only a drawing that still hashes to its name (it was put here by putDrawing).
        const plan = svg ? planOrNull(svg) : null
        if (!svg || plan?.id !== id) return null
        const renditions = await renditionsOf(svg, id, plan.widths)
        await Promise.all(
          [...renditions].map(([name, bytes]) => files.save(productId, name, bytes)),
        )
        await files.remove(productId, kept.name)
        return renditions
      })().finally(() => drawingNow.delete(key))
      drawingNow.set(key, running)
    }
    return (await running)?.get(file) ?? null
  }

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
      return groupFiles(await files.list(productId), (name) => urlOf(productId, name))
    },

    async read(productId, file) {
      if (!isProductId(productId) || !parseImageFile(file)) return null
      const bytes =
        (await files.read(productId, file)) ??
        (await drawOnRead(productId, file)) ??
        // Drawn meanwhile by another process, which removed the drawing once it was done.
        (await files.read(productId, file))
      if (!bytes) return null
      return { bytes, etag: `"${file.slice(0, -'.webp'.length)}"`, contentType: 'image/webp' }
    },

    async delete(productId, id) {
      requireProductId(productId)
      const names = (await files.list(productId))
        .map((f) => f.name)
        .filter((name) => (parseImageFile(name) ?? parseDrawingFile(name))?.id === id)
      await Promise.all(names.map((name) => files.remove(productId, name)))
    },

    async putDrawing(productId, svg, alt, { renderNow = false } = {}) {
      requireProductId(productId)
      const plan = planDrawing(svg)
      const existing = new Map((await files.list(productId)).map((f) => [f.name, f]))
      const names = plan.widths.map((width) => `${plan.id}-${width}.webp`)
      const keptName = `${plan.id}-${plan.width}.svg`
      let urls: string[]
      if (names.every((name) => existing.has(name))) {
        urls = names.map((name) => (existing.get(name) as StoredFile).url)
      } else {
        const cached = await cache?.readAll(names)
        const canWait = names.map((name) => urlOf(productId, name))
        if (!cached && !renderNow && canWait.every((url) => url !== null)) {
          // Drawn on first read (see read): only the drawing is written now.
          if (!existing.has(keptName)) await files.save(productId, keptName, Buffer.from(svg))
          urls = canWait as string[]
        } else {
          const renditions = cached
            ? new Map(names.map((name, i) => [name, cached[i] as Buffer]))
            : await draw(svg, plan.id)
          urls = await Promise.all(
            names.map(
              async (name) =>
                existing.get(name)?.url ??
                (await files.save(productId, name, renditions.get(name) as Buffer)).url,
            ),
          )
          if (existing.has(keptName)) await files.remove(productId, keptName)
        }
      }
      const variants = plan.widths.map((width, i) => ({ width, url: urls[i] as string }))
      return {
        id: plan.id,
        url: (variants.at(-1) as ImageVariant).url,
        alt,
        width: plan.width,
        height: plan.height,
        variants,
      }
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
    const { defaultPictureCache } = await import('./picture-cache.server')
    const bucket = env.firebase.storageBucket
    if (env.dataBackend === 'firestore' && bucket) {
      const { storageImageFiles } = await import('./storage.server')
      return createImageStore(storageImageFiles({ projectId: env.firebase.projectId!, bucket }), {
        cache: defaultPictureCache(),
      })
    }
    const { fileImageFiles } = await import('./files.server')
    const path = await import('node:path')
    return createImageStore(fileImageFiles(path.join(env.dataDir, 'images')), {
      cache: defaultPictureCache(),
    })
  })
}
