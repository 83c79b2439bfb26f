import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { fileImageFiles } from '~/lib/images/files.server'
import { createImageStore } from '~/lib/images/image-store.server'
import { pictureKind } from '~/lib/images/pictures'

import { pictureSources, storeDemoPictures } from './pictures.server'
import { DEFAULT_PRODUCT_COUNT, generateProducts } from './products'

const now = new Date('2025-06-01T08:00:00.000Z')
const dir = await mkdtemp(path.join(tmpdir(), 'seed-pictures-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('storeDemoPictures', () => {
  it('puts each product’s pictures through the image store as WebP renditions', async () => {
    const images = createImageStore(fileImageFiles(dir))
    const products = generateProducts({ count: 3, now })
    const described = products.map((p) => p.images.map((i) => i.alt))
    const { pictures } = await storeDemoPictures(images, products)
    expect(pictures).toBe(described.flat().length)
    for (const [i, product] of products.entries()) {
      expect(product.images.map((image) => image.alt)).toEqual(described[i])
      const stored = await images.list(product.id)
      expect(stored.map((s) => s.id).sort()).toEqual(product.images.map((image) => image.id).sort())
      for (const image of product.images) {
        expect(image).toMatchObject({ width: 800, height: 800 })
        expect(image.variants?.map((v) => v.width)).toEqual([320, 640, 800])
        expect(image.url).toBe(`/images/${product.id}/${image.id}-800.webp`)
      }
    }
  })
})

describe('pictureSources', () => {
  it('gives the demo-sized start its own pictures and later products those of their kind', () => {
    const products = generateProducts({ count: 2000, now })
    const sources = pictureSources(products)
    products.slice(0, DEFAULT_PRODUCT_COUNT).forEach((p) => expect(sources.get(p.id)).toBe(p))
    const distinct = new Set(sources.values())
    expect(distinct.size).toBeLessThanOrEqual(DEFAULT_PRODUCT_COUNT)
    for (const product of products.slice(DEFAULT_PRODUCT_COUNT)) {
      const source = sources.get(product.id)!
      expect(source.category).toBe(product.category)
      expect(pictureKind(source)?.name).toBe(pictureKind(product)?.name)
    }
  })
})
