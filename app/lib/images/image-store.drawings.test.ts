import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'

import { fileImageFiles } from './files.server'
import { createImageStore } from './image-store.server'
import { pictureCache } from './picture-cache.server'

/**
 * The files adapter's drawings made on first read, when two processes serve one store (a second
 * server, or a seed with --force while the shop runs): each has its own image store over the same
 * folder and the same picture cache.
 */
const dir = await mkdtemp(path.join(tmpdir(), 'image-drawings-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

const svg = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#f4efe6"/><circle cx="400" cy="400" r="200" fill="${fill}"/></svg>`

describe('a drawing asked for by two processes at once', () => {
  it('is served to both, and the folder ends with its renditions only', async () => {
    const root = path.join(dir, 'images')
    const cache = pictureCache(path.join(dir, 'cache'))
    const [one, two] = [1, 2].map(() => createImageStore(fileImageFiles(root), { cache }))
    const image = await one!.putDrawing('rooibos-tin', svg('#7a2e2e'), 'A red tin')
    const files = image.variants.map((v) => v.url.split('/').pop()!)

    const reads = await Promise.all(
      files.flatMap((file) => [one!.read('rooibos-tin', file), two!.read('rooibos-tin', file)]),
    )
    for (const [i, read] of reads.entries()) {
      expect(read, files[Math.floor(i / 2)]).not.toBeNull()
      const { width } = await sharp(read!.bytes).metadata()
      expect(width).toBe(image.variants[Math.floor(i / 2)]!.width)
    }
    expect((await readdir(path.join(root, 'rooibos-tin'))).sort()).toEqual([...files].sort())
    expect(await two!.list('rooibos-tin')).toEqual(await one!.list('rooibos-tin'))
  })

  it('deleted before its first read, is never drawn', async () => {
    const root = path.join(dir, 'deleted')
    const store = createImageStore(fileImageFiles(root))
    const image = await store.putDrawing('enamel-mug', svg('#2e3f7a'), 'A blue mug')
    await store.delete('enamel-mug', image.id)
    expect(await store.read('enamel-mug', `${image.id}-320.webp`)).toBeNull()
    expect(await store.list('enamel-mug')).toEqual([])
    expect(await readdir(path.join(root, 'enamel-mug'))).toEqual([])
  })
})
