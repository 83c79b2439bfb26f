import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openStore, type Store } from '~/lib/data/index.server'

import { startFakeCloudStorage, type FakeCloudStorage } from '../../../test/fake-cloud-storage'

const emulator = process.env.FIRESTORE_EMULATOR_HOST
const run = promisify(execFile)

/**
 * `npm run seed` on Firebase: products into Firestore (the emulator), pictures into Storage (a fake
 * Cloud Storage JSON API, through FIREBASE_STORAGE_EMULATOR_HOST as firebase-admin honours it).
 * Runs under `node scripts/test-firestore.mjs app/lib/seed/seed.firebase.test.ts`.
 */
describe.skipIf(!emulator)('npm run seed on Firebase', () => {
  const projectId = `demo-seed-${randomBytes(5).toString('hex')}`
  const bucket = `${projectId}.appspot.com`
  let storage: FakeCloudStorage
  let store: Store

  beforeAll(async () => {
    storage = await startFakeCloudStorage()
    store = await openStore({ backend: 'firestore', projectId })
  })
  afterAll(async () => {
    await store?.close()
    await storage?.close()
  })

  it('fills Storage with the pictures the products show', { timeout: 120_000 }, async () => {
    const { stdout } = await run('npx', ['tsx', 'scripts/seed.ts', '--products', '3'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_BACKEND: 'firestore',
        FIREBASE_PROJECT_ID: projectId,
        FIREBASE_STORAGE_BUCKET: bucket,
        FIREBASE_STORAGE_EMULATOR_HOST: storage.host,
        STORAGE_EMULATOR_HOST: '',
      },
    })
    expect(stdout).toMatch(/Stored \d+ pictures in the storage image store/)
    expect(storage.unhandled).toEqual([])

    const products = await store.products.all()
    expect(products).toHaveLength(3)
    const objects = [...storage.objects.keys()]
    for (const product of products) {
      expect(product.images.length).toBeGreaterThanOrEqual(2)
      for (const image of product.images) {
        expect(image.variants?.map((v) => v.width)).toEqual([320, 640, 800])
        for (const variant of image.variants ?? []) {
          const object = `products/${product.id}/${image.id}-${variant.width}.webp`
          expect(objects).toContain(`${bucket}/${object}`)
          expect(variant.url).toContain(`/v0/b/${bucket}/o/${encodeURIComponent(object)}?alt=media`)
          const response = await fetch(variant.url)
          expect(response.status).toBe(200)
          expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
          const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
          expect(metadata).toMatchObject({ format: 'webp', width: variant.width })
        }
      }
    }
  })
})
