import { randomUUID } from 'node:crypto'

import { getApps, initializeApp } from 'firebase-admin/app'
import { getStorage } from 'firebase-admin/storage'

import type { ImageFiles, StoredFile } from './image-store.server'

const CACHE_CONTROL = 'public, max-age=31536000, immutable'

/**
 * Image files in a Firebase Storage bucket under products/{productId}/, through firebase-admin
 * (which talks to FIREBASE_STORAGE_EMULATOR_HOST instead when it is set).
 *
 * Each object gets a Firebase download token when it is written, and is served by Storage at its
 * download URL (…/v0/b/{bucket}/o/{object}?alt=media&token=…) with an immutable Cache-Control:
 * no public ACL is needed, and the hash in the object name keeps the URL stable for the same bytes.
 */
export function storageImageFiles(options: { projectId: string; bucket: string }): ImageFiles {
  const appName = `storefront-images-${options.projectId}`
  const app =
    getApps().find((a) => a.name === appName) ??
    initializeApp({ projectId: options.projectId, storageBucket: options.bucket }, appName)
  const bucket = getStorage(app).bucket(options.bucket)
  const emulator = process.env.FIREBASE_STORAGE_EMULATOR_HOST
  const origin = emulator ? `http://${emulator}` : 'https://firebasestorage.googleapis.com'

  const objectName = (productId: string, name = '') => `products/${productId}/${name}`
  const downloadUrl = (object: string, token: string) =>
    `${origin}/v0/b/${encodeURIComponent(options.bucket)}/o/${encodeURIComponent(object)}?alt=media&token=${encodeURIComponent(token)}`
  const fileName = (object: string) => object.slice(object.lastIndexOf('/') + 1)
  const tokenOf = (metadata: { metadata?: Record<string, unknown> | null } | undefined) => {
    const tokens = metadata?.metadata?.firebaseStorageDownloadTokens
    return typeof tokens === 'string' ? tokens.split(',')[0] : undefined
  }

  return {
    backend: 'storage',

    async list(productId) {
      const [files] = await bucket.getFiles({ prefix: objectName(productId), autoPaginate: true })
      const stored: StoredFile[] = []
      for (const file of files) {
        const token = tokenOf(file.metadata as { metadata?: Record<string, unknown> })
        // An object without a token (put there by hand) has no download URL: not one of ours.
        if (token) stored.push({ name: fileName(file.name), url: downloadUrl(file.name, token) })
      }
      return stored
    },

    async save(productId, name, bytes) {
      const object = objectName(productId, name)
      const token = randomUUID()
      await bucket.file(object).save(bytes, {
        resumable: false,
        contentType: 'image/webp',
        metadata: {
          cacheControl: CACHE_CONTROL,
          metadata: { firebaseStorageDownloadTokens: token },
        },
      })
      return { name, url: downloadUrl(object, token) }
    },

    async read(productId, name) {
      try {
        const [bytes] = await bucket.file(objectName(productId, name)).download()
        return bytes
      } catch (error) {
        if ((error as { code?: unknown }).code === 404) return null
        throw error
      }
    },

    async remove(productId, name) {
      await bucket.file(objectName(productId, name)).delete({ ignoreNotFound: true })
    },
  }
}
