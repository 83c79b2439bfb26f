import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startFakeCloudStorage, type FakeCloudStorage } from '../../../test/fake-cloud-storage'

import { fileImageFiles } from './files.server'
import { createImageStore, type ImageStore } from './image-store.server'
import { pictureCache } from './picture-cache.server'
import { ImageRejectedError, MAX_UPLOAD_BYTES } from './prepare.server'

/**
 * The image store's contract, run against both adapters: files on disk, and Firebase Storage
 * through firebase-admin talking to a fake Cloud Storage JSON API on loopback.
 */

function photo(width: number, height: number, hue = 0) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 90 + hue, b: 40 } },
  }).composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#123"/></svg>`,
      ),
    },
  ])
}

/** One of the shop's own drawings, 800 x 800 like the demo pictures, in a colour of its own. */
function drawing(fill: string, size = 800) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800"><rect width="800" height="800" fill="#f4efe6"/><circle cx="400" cy="400" r="250" fill="${fill}"/></svg>`
}

/** The colour in the middle of a WebP rendition, as [r, g, b]. */
async function middle(webp: Buffer): Promise<number[]> {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true })
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels
  return [...data.subarray(at, at + 3)]
}

type Adapter = {
  name: string
  open(): Promise<{ store: ImageStore; fetchUrl(url: string): Promise<Response> }>
  close(): Promise<void>
}

let dir = ''
let fake: FakeCloudStorage | undefined
/** Each adapter's picture cache (what node_modules/.cache/shop-pictures is to the shop). */
const cacheDir = await mkdtemp(path.join(tmpdir(), 'picture-cache-'))
afterAll(() => rm(cacheDir, { recursive: true, force: true }))

const adapters: Adapter[] = [
  {
    name: 'files',
    async open() {
      dir = await mkdtemp(path.join(tmpdir(), 'image-store-'))
      const store = createImageStore(fileImageFiles(path.join(dir, 'images')), {
        cache: pictureCache(path.join(cacheDir, 'files')),
      })
      return {
        store,
        // The files adapter's URLs are the app's own route; read the file the route would serve.
        async fetchUrl(url) {
          const [, , productId, file] = url.split('/')
          const found = await store.read(productId as string, file as string)
          return found
            ? new Response(new Uint8Array(found.bytes))
            : new Response(null, { status: 404 })
        },
      }
    },
    close: () => rm(dir, { recursive: true, force: true }),
  },
  {
    name: 'Firebase Storage (fake Cloud Storage API)',
    async open() {
      fake = await startFakeCloudStorage()
      process.env.FIREBASE_STORAGE_EMULATOR_HOST = fake.host
      delete process.env.STORAGE_EMULATOR_HOST
      const { storageImageFiles } = await import('./storage.server')
      const store = createImageStore(
        storageImageFiles({ projectId: `images-${Date.now()}`, bucket: 'demo-shop.appspot.com' }),
        { cache: pictureCache(path.join(cacheDir, 'storage')) },
      )
      return { store, fetchUrl: (url) => fetch(url) }
    },
    async close() {
      expect(fake?.unhandled).toEqual([])
      await fake?.close()
      delete process.env.FIREBASE_STORAGE_EMULATOR_HOST
      delete process.env.STORAGE_EMULATOR_HOST
    },
  },
]

describe.each(adapters)('image store on $name', (adapter) => {
  let store: ImageStore
  let fetchUrl: (url: string) => Promise<Response>
  let jpeg: Buffer
  let png: Buffer

  beforeAll(async () => {
    const opened = await adapter.open()
    store = opened.store
    fetchUrl = opened.fetchUrl
    jpeg = await photo(2000, 1500).jpeg({ quality: 85 }).toBuffer()
    png = await photo(800, 600, 60).png().toBuffer()
  })
  afterAll(() => adapter.close())

  it('stores an upload as WebP at 320, 640, 1024 and 1600 px wide, keeping its size and alt text', async () => {
    const image = await store.put('rooibos-classic', jpeg, 'A tin of rooibos on a shelf')
    expect(image).toMatchObject({ alt: 'A tin of rooibos on a shelf', width: 2000, height: 1500 })
    expect(image.variants.map((v) => v.width)).toEqual([320, 640, 1024, 1600])
    expect(image.url).toBe(image.variants.at(-1)?.url)
    for (const variant of image.variants) {
      expect(variant.url).toContain(image.id)
      const response = await fetchUrl(variant.url)
      expect(response.status).toBe(200)
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      expect(metadata).toMatchObject({
        format: 'webp',
        width: variant.width,
        height: Math.round((variant.width * 1500) / 2000),
      })
    }
  })

  it('never upscales: an 800 px picture is kept at 320, 640 and 800', async () => {
    const image = await store.put('rooibos-classic', png, 'Label')
    expect(image).toMatchObject({ width: 800, height: 600 })
    expect(image.variants.map((v) => v.width)).toEqual([320, 640, 800])
  })

  it('accepts WebP and AVIF uploads', async () => {
    const webp = await photo(500, 500, 10).webp().toBuffer()
    const avif = await photo(400, 300, 20).avif().toBuffer()
    expect((await store.put('mug', webp, 'Mug')).variants.map((v) => v.width)).toEqual([320, 500])
    expect((await store.put('mug', avif, 'Mug')).variants.map((v) => v.width)).toEqual([320, 400])
  })

  it('gives the same bytes the same URLs, and other bytes other ones', async () => {
    const first = await store.put('hash-check', png, 'one')
    const again = await store.put('hash-check', Buffer.from(png), 'one, again')
    expect(again.id).toBe(first.id)
    expect(again.variants).toEqual(first.variants)
    const other = await store.put('hash-check', await photo(800, 600, 90).png().toBuffer(), 'two')
    expect(other.id).not.toBe(first.id)
    expect(other.variants.map((v) => v.url)).not.toContain(first.url)
    expect((await store.list('hash-check')).map((i) => i.id).sort()).toEqual(
      [first.id, other.id].sort(),
    )
  })

  it('lists each product’s images with their renditions, and deletes one image', async () => {
    const a = await store.put('list-check', png, 'a')
    const b = await store.put('list-check', jpeg, 'b')
    await store.put('another-product', png, 'elsewhere')
    expect(await store.list('list-check')).toEqual(
      [
        { id: a.id, variants: a.variants },
        { id: b.id, variants: b.variants },
      ].sort((x, y) => (x.id < y.id ? -1 : 1)),
    )
    await store.delete('list-check', a.id)
    expect(await store.list('list-check')).toEqual([{ id: b.id, variants: b.variants }])
    expect(await store.read('list-check', `${a.id}-320.webp`)).toBeNull()
    expect((await fetchUrl(a.variants[0]!.url)).status).toBe(404)
    // The same picture stays with the other product.
    expect(await store.read('another-product', `${a.id}-320.webp`)).not.toBeNull()
    expect(await store.list('no-images-yet')).toEqual([])
  })

  it('reads a rendition with an ETag, and nothing that is not a stored rendition', async () => {
    const image = await store.put('read-check', png, 'r')
    const file = await store.read('read-check', `${image.id}-640.webp`)
    expect(file).toMatchObject({ contentType: 'image/webp', etag: `"${image.id}-640"` })
    expect((await sharp(file!.bytes).metadata()).width).toBe(640)
    for (const [productId, name] of [
      ['read-check', `${image.id}-1600.webp`],
      ['read-check', '../read-check/x.webp'],
      ['..', `${image.id}-640.webp`],
      ['read-check/..', `${image.id}-640.webp`],
      ['read-check', `${image.id}-640.webp/..`],
      ['read-check', `${image.id}-640.png`],
    ]) {
      expect(await store.read(productId!, name!), `${productId} ${name}`).toBeNull()
    }
  })

  it('refuses an SVG, a text file and an 11 MB photo, saying why, and stores nothing', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
    )
    await expect(store.put('refused', svg, 'x')).rejects.toThrow(ImageRejectedError)
    await expect(store.put('refused', svg, 'x')).rejects.toThrow(/SVG .*not accepted.*PNG or WebP/)

    // A text file, whatever it was called (holiday.jpg) or said it was (image/jpeg).
    const text = Buffer.from('These are my holiday notes, not a photo.\n')
    await expect(store.put('refused', text, 'x')).rejects.toThrow(
      /not a JPEG, PNG, WebP or AVIF image/,
    )

    const big = Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024 - jpeg.length)])
    expect(big.length).toBeGreaterThan(MAX_UPLOAD_BYTES)
    await expect(store.put('refused', big, 'x')).rejects.toThrow(/11\.0 MB.*at most 10 MB/)

    const cut = jpeg.subarray(0, 400)
    await expect(store.put('refused', cut, 'x')).rejects.toThrow(/could not be read/)

    expect(await store.list('refused')).toEqual([])
  })

  it('stores one of the shop’s drawings at 320, 640 and 800 px, served as WebP at every URL', async () => {
    const image = await store.putDrawing('drawn', drawing('#1f6f5c'), 'A green tin')
    expect(image).toMatchObject({ alt: 'A green tin', width: 800, height: 800 })
    expect(image.variants.map((v) => v.width)).toEqual([320, 640, 800])
    expect(image.url).toBe(image.variants.at(-1)?.url)
    expect(await store.list('drawn')).toEqual([{ id: image.id, variants: image.variants }])
    const served = await Promise.all(
      image.variants.map(async (variant) => {
        expect(variant.url).toContain(image.id)
        const response = await fetchUrl(variant.url)
        expect(response.status).toBe(200)
        const bytes = Buffer.from(await response.arrayBuffer())
        expect(await sharp(bytes).metadata()).toMatchObject({
          format: 'webp',
          width: variant.width,
          height: variant.width,
        })
        return middle(bytes)
      }),
    )
    // The drawing's green circle, at every size.
    for (const [r, g] of served) expect(g! - r!).toBeGreaterThan(50)
    expect(await store.list('drawn')).toEqual([{ id: image.id, variants: image.variants }])

    const again = await store.putDrawing('drawn', drawing('#1f6f5c'), 'The green tin again')
    expect(again).toMatchObject({ id: image.id, variants: image.variants })
    const other = await store.putDrawing('drawn', drawing('#7a2e2e'), 'A red tin')
    expect(other.id).not.toBe(image.id)
  })

  it('takes a drawing’s renditions from the picture cache when an earlier store made them', async () => {
    const svg = drawing('#2e3f7a')
    const first = await store.putDrawing('cached-first', svg, 'A blue mug', { renderNow: true })
    // Mark the cached files, so the second store shows where its pictures came from.
    const marked = await sharp({
      create: { width: 320, height: 320, channels: 3, background: '#ff00ff' },
    })
      .webp()
      .toBuffer()
    const cache = pictureCache(path.join(cacheDir, adapter.name === 'files' ? 'files' : 'storage'))
    await cache.write(`${first.id}-320.webp`, marked)
    const second = await store.putDrawing('cached-second', svg, 'A blue mug')
    expect(second.id).toBe(first.id)
    const response = await fetchUrl(second.variants[0]!.url)
    const [r, g, b] = await middle(Buffer.from(await response.arrayBuffer()))
    expect([r! > 240, g! < 15, b! > 240]).toEqual([true, true, true])
  })

  it('never serves a width a drawing is not offered at, and deletes a drawing like a photo', async () => {
    const small = await store.putDrawing('drawn-small', drawing('#8a6d1f', 500), 'A small jar')
    expect(small).toMatchObject({ width: 500, height: 500 })
    expect(small.variants.map((v) => v.width)).toEqual([320, 500])
    expect(await store.read('drawn-small', `${small.id}-640.webp`)).toBeNull()
    expect(await store.read('drawn-small', `${small.id}-800.webp`)).toBeNull()
    expect(await store.read('drawn-small', `${small.id}-500.svg`)).toBeNull()
    await store.delete('drawn-small', small.id)
    expect(await store.list('drawn-small')).toEqual([])
    expect(await store.read('drawn-small', `${small.id}-320.webp`)).toBeNull()
  })

  it('refuses a drawing without a size in pixels, storing nothing', async () => {
    const unsized = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"/>'
    await expect(store.putDrawing('drawn-unsized', unsized, 'x')).rejects.toThrow(
      /width="…" and height="…"/,
    )
    expect(await store.list('drawn-unsized')).toEqual([])
  })
})
