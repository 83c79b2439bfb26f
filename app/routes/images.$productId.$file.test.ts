import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type { ProductStoredImage } from '~/lib/images/image-store.server'

// Serving a picture never reads the data store.
vi.mock('~/lib/data/index.server', () => ({
  getStore: () => {
    throw new Error('the image route read the data store')
  },
}))

const dataDir = await mkdtemp(path.join(tmpdir(), 'image-route-'))
process.env.DATA_DIR = dataDir
const cacheDir = path.join(dataDir, 'picture-cache')
process.env.PICTURE_CACHE_DIR = cacheDir
const { getImageStore } = await import('~/lib/images/image-store.server')
const { loader } = await import('./images.$productId.$file')

async function get(productId: string, file: string, headers: HeadersInit = {}): Promise<Response> {
  const request = new Request(`http://shop.test/images/${productId}/${file}`, { headers })
  try {
    return (await loader({
      request,
      params: { productId, file },
      context: { clientIp: '127.0.0.1' },
    })) as Response
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

let image: ProductStoredImage

beforeAll(async () => {
  const photo = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: '#c8643c' },
  })
    .jpeg()
    .toBuffer()
  image = await (await getImageStore()).put('rooibos-classic', photo, 'A tin of rooibos')
  // Files beside and above the store that must never be served.
  await writeFile(path.join(dataDir, 'shop.db'), 'secret')
  await writeFile(path.join(dataDir, 'images', 'rooibos-classic', 'notes.webp'), 'not ours')
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

describe('GET /images/:productId/:file', () => {
  it('serves every rendition as WebP, cached for good, with an ETag', async () => {
    expect(image.variants.map((v) => v.width)).toEqual([320, 640, 1024, 1200])
    for (const variant of image.variants) {
      expect(variant.url).toMatch(/^\/images\/rooibos-classic\/[0-9a-f]{16}-\d+\.webp$/)
      const [, , productId, file] = variant.url.split('/')
      const response = await get(productId!, file!)
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('image/webp')
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      expect(response.headers.get('ETag')).toBe(`"${file!.replace('.webp', '')}"`)
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      expect(metadata).toMatchObject({ format: 'webp', width: variant.width })
    }
  })

  it('answers 304 without a body when the browser already has it', async () => {
    const file = image.variants[0]!.url.split('/').pop()!
    const etag = (await get('rooibos-classic', file)).headers.get('ETag')!
    const again = await get('rooibos-classic', file, { 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('Cache-Control')).toContain('immutable')
    expect((await get('rooibos-classic', file, { 'If-None-Match': '"other"' })).status).toBe(200)
  })

  it('answers 404 for anything that is not a stored rendition, inside or outside the store', async () => {
    const file = image.variants[0]!.url.split('/').pop()!
    for (const [productId, name] of [
      ['rooibos-classic', file.replace(/-\d+\.webp$/, '-2000.webp')],
      ['other-product', file],
      ['rooibos-classic', 'notes.webp'],
      ['..', 'shop.db'],
      ['rooibos-classic', '../../shop.db'],
      ['rooibos-classic', '..%2F..%2Fshop.db'],
      ['..%2F..', 'shop.db'],
      ['rooibos-classic', `${file}/..`],
      ['rooibos-classic', `../rooibos-classic/${file}`],
      ['rooibos-classic', '/etc/passwd'],
      ['', ''],
    ]) {
      expect((await get(productId!, name!)).status, `${productId} / ${name}`).toBe(404)
    }
  })
})

describe('GET /images/:productId/:file for a seeded drawing', () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#f4efe6"/><rect x="250" y="200" width="300" height="400" rx="30" fill="#1f6f5c"/></svg>`
  const folder = path.join(dataDir, 'images', 'enamel-mug')

  it('draws the picture on its first request, once for many requests at once, and keeps it', async () => {
    const images = await getImageStore()
    const drawing = await images.putDrawing('enamel-mug', svg, 'A green enamel mug')
    // The seed wrote the drawing only: nothing was drawn yet.
    expect(await readdir(folder)).toEqual([`${drawing.id}-800.svg`])

    const file = drawing.variants[0]!.url.split('/').pop()!
    const responses = await Promise.all(Array.from({ length: 6 }, () => get('enamel-mug', file)))
    const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer())))
    for (const [i, response] of responses.entries()) {
      expect(response.status).toBe(200)
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      expect(bodies[i]!.equals(bodies[0]!)).toBe(true)
    }
    expect(await sharp(bodies[0]!).metadata()).toMatchObject({ format: 'webp', width: 320 })

    // Every size was made from that one drawing and kept, in the store and in the picture cache.
    const made = drawing.variants.map((v) => v.url.split('/').pop()!).sort()
    expect((await readdir(folder)).sort()).toEqual(made)
    expect((await readdir(cacheDir)).sort()).toEqual(made)
    for (const name of made) expect((await get('enamel-mug', name)).status).toBe(200)
  })

  it('answers 404, drawing nothing, for a width the drawing is not offered at or a forged drawing', async () => {
    const images = await getImageStore()
    const drawing = await images.putDrawing('forged-mug', svg.replace('#1f6f5c', '#7a2e2e'), 'Mug')
    expect((await get('forged-mug', `${drawing.id}-1024.webp`)).status).toBe(404)
    expect((await get('forged-mug', `${drawing.id}-800.svg`)).status).toBe(404)
    // A drawing whose contents no longer match its name is not drawn.
    const kept = path.join(dataDir, 'images', 'forged-mug', `${drawing.id}-800.svg`)
    await writeFile(kept, svg.replace('#1f6f5c', '#000000'))
    expect((await get('forged-mug', `${drawing.id}-320.webp`)).status).toBe(404)
    expect(await readdir(path.dirname(kept))).toEqual([`${drawing.id}-800.svg`])
  })
})
