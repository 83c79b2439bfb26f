import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { pictureCache } from './picture-cache.server'

const dir = await mkdtemp(path.join(tmpdir(), 'picture-cache-test-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

const A = '0123456789abcdef-320.webp'
const B = '0123456789abcdef-640.webp'

describe('pictureCache', () => {
  it('gives back every file asked for, or nothing when any one is missing', async () => {
    const cache = pictureCache(path.join(dir, 'one'))
    expect(await cache.readAll([A])).toBeNull()
    await cache.write(A, Buffer.from('small'))
    expect(await cache.readAll([A, B])).toBeNull()
    await cache.write(B, Buffer.from('large'))
    expect((await cache.readAll([A, B]))?.map(String)).toEqual(['small', 'large'])
  })

  it('leaves only whole files when two seeds write the same pictures at once', async () => {
    const root = path.join(dir, 'shared')
    const [first, second] = [pictureCache(root), pictureCache(root)]
    const bytes = Buffer.alloc(256 * 1024, 7)
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).write(A, bytes)),
    )
    expect(await readdir(root)).toEqual([A])
    expect((await first.readAll([A]))?.[0]?.equals(bytes)).toBe(true)
  })

  it('is only a cache: a folder it cannot write to loses nothing but the copy', async () => {
    const blocked = path.join(dir, 'blocked')
    await writeFile(blocked, 'a file where the folder should be')
    const cache = pictureCache(path.join(blocked, 'inside'))
    await expect(cache.write(A, Buffer.from('x'))).resolves.toBeUndefined()
    expect(await cache.readAll([A])).toBeNull()
  })

  it('refuses a name that is not a drawing’s rendition, so nothing lands outside its folder', async () => {
    const cache = pictureCache(path.join(dir, 'names'))
    await expect(cache.write('../escape.webp', Buffer.from('x'))).rejects.toThrow(/Not a drawing/)
    expect(await cache.readAll(['../../etc/passwd'])).toBeNull()
  })
})
