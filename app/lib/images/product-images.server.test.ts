import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'

import { makeProduct } from '~/lib/catalog/products.test-helper'

const dataDir = await mkdtemp(path.join(tmpdir(), 'product-images-'))
process.env.DATA_DIR = dataDir
const { getStore } = await import('~/lib/data/index.server')
const { addProductImage, DuplicateImageError, moveProductImage, removeProductImage } =
  await import('./product-images.server')
const { getImageStore } = await import('./image-store.server')
const { ImageRejectedError } = await import('./prepare.server')

afterAll(async () => {
  await (await getStore()).close()
  await rm(dataDir, { recursive: true, force: true })
})

const audit = { by: 'nomsa@karoo.example' }

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3c7a64' } })
    .jpeg()
    .toBuffer()

describe('addProductImage', () => {
  it('shows an uploaded photo on the product in four sizes, served from the image store', async () => {
    const store = await getStore()
    await store.products.upsertMany([makeProduct({ id: 'mohair-throw' })])
    const image = await addProductImage(
      store,
      'mohair-throw',
      await photo(2400, 1600),
      'A grey throw',
      audit,
    )

    const product = await store.products.get('mohair-throw')
    expect(product?.images).toHaveLength(2)
    expect(product?.images[1]).toEqual(image)
    expect(image).toMatchObject({ alt: 'A grey throw', width: 2400, height: 1600 })
    expect(image.variants?.map((v) => v.width)).toEqual([320, 640, 1024, 1600])
    const images = await getImageStore()
    for (const variant of image.variants ?? []) {
      const file = await images.read('mohair-throw', variant.url.split('/').pop()!)
      expect((await sharp(file!.bytes).metadata()).width).toBe(variant.width)
    }

    // The same photo again is refused and changes nothing, not even its text.
    const before = await store.products.get('mohair-throw')
    await expect(
      addProductImage(
        store,
        'mohair-throw',
        await photo(2400, 1600),
        'A grey throw, folded',
        audit,
      ),
    ).rejects.toThrow(new DuplicateImageError())
    expect(await store.products.get('mohair-throw')).toEqual(before)

    // Moved to the front, and not past it.
    await moveProductImage(store, 'mohair-throw', image.id!, 'up', audit)
    await moveProductImage(store, 'mohair-throw', image.id!, 'up', audit)
    expect((await store.products.get('mohair-throw'))?.images[0]?.id).toBe(image.id)

    await removeProductImage(store, 'mohair-throw', image.id!, audit)
    expect((await store.products.get('mohair-throw'))?.images).toHaveLength(1)
    expect(await images.list('mohair-throw')).toEqual([])

    // Each change is in the product's log under the staff member's name.
    const log = await store.products.changeLog('mohair-throw')
    expect(log.map((entry) => [entry.by, entry.change])).toEqual([
      [audit.by, 'image added: "A grey throw"'],
      [audit.by, 'images reordered'],
      [audit.by, 'image removed: "A grey throw"'],
    ])
  })

  it('leaves the product as it was when the upload is refused', async () => {
    const store = await getStore()
    await store.products.upsertMany([makeProduct({ id: 'beaded-bracelet' })])
    const before = await store.products.get('beaded-bracelet')
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>')
    await expect(addProductImage(store, 'beaded-bracelet', svg, 'x', audit)).rejects.toThrow(
      ImageRejectedError,
    )
    expect(await store.products.get('beaded-bracelet')).toEqual(before)
  })
})
