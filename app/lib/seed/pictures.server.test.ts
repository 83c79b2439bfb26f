import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { fileImageFiles } from '~/lib/images/files.server'
import { createImageStore } from '~/lib/images/image-store.server'
import { pictureCache } from '~/lib/images/picture-cache.server'
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

describe('storeDemoPictures on this machine again', () => {
  /** The kinds of file in each product's folder of an image store. */
  async function kinds(root: string) {
    const names = (await Promise.all((await readdir(root)).map((p) => readdir(path.join(root, p)))))
      .flat()
      .map((name) => name.split('.').pop())
    return [...new Set(names)].sort()
  }

  it('leaves the drawing for a first request, and a later seed takes the files an earlier one made', async () => {
    const cache = pictureCache(path.join(dir, 'cache'))
    const [fresh, drawn, later] = ['fresh', 'drawn', 'later'].map((name) => path.join(dir, name))
    const products = () => generateProducts({ count: 2, now })

    // A first seed on a new machine: drawings only, nothing drawn yet.
    await storeDemoPictures(createImageStore(fileImageFiles(fresh!), { cache }), products())
    expect(await kinds(fresh!)).toEqual(['svg'])

    // The e2e seed draws them all now, and keeps them in the machine's cache.
    const first = products()
    await storeDemoPictures(createImageStore(fileImageFiles(drawn!), { cache }), first, undefined, {
      renderNow: true,
    })
    expect(await kinds(drawn!)).toEqual(['webp'])

    // Any later seed into a new store: every picture already made, the same URLs as before.
    const again = products()
    await storeDemoPictures(createImageStore(fileImageFiles(later!), { cache }), again)
    expect(await kinds(later!)).toEqual(['webp'])
    expect(again.map((p) => p.images)).toEqual(first.map((p) => p.images))
  })
})

describe('storeDemoPictures for products sold in colours', () => {
  it('gives every colour its own stored picture, the first colour the product’s first', async () => {
    const images = createImageStore(fileImageFiles(dir))
    const tee = generateProducts({ count: 40, now }).filter((p) => p.id === 'lekker-cotton-tee')
    await storeDemoPictures(images, tee)
    const product = tee[0]!
    const colours = product.options[0]!
    expect(colours.name).toBe('Colour')
    const byColour = new Map<string, string>()
    for (const variant of product.variants) {
      const colour = variant.optionValues[0]!
      expect(variant.image?.alt).toContain(`in ${colour}`)
      const url = variant.image!.url
      // Every size of one colour shows the same picture.
      expect(byColour.get(colour) ?? url).toBe(url)
      byColour.set(colour, url)
    }
    expect(new Set(byColour.values()).size).toBe(colours.values.length)
    expect(byColour.get(colours.values[0]!)).toBe(product.images[0]!.url)
  })

  it('draws the same pictures for the same product: same id, same bytes', async () => {
    const once = createImageStore(fileImageFiles(path.join(dir, 'once')))
    const twice = createImageStore(fileImageFiles(path.join(dir, 'twice')))
    const [a, b] = [generateProducts({ count: 6, now }), generateProducts({ count: 6, now })]
    await storeDemoPictures(once, a!)
    await storeDemoPictures(twice, b!)
    expect(b!.map((p) => p.images.map((i) => i.id))).toEqual(
      a!.map((p) => p.images.map((i) => i.id)),
    )
    const ids = a!.flatMap((p) => p.images.map((i) => i.id))
    expect(new Set(ids).size).toBe(ids.length)
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
