import { mkdtemp, rm, writeFile } from 'node:fs/promises'
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
