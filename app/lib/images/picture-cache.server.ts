import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The renditions of the shop's own drawings, kept once per machine and shared by every store on
 * it (each `npm run seed` into a new DATA_DIR, the e2e store, a reseed with --force): files named
 * `{drawing id}-{width}.webp`, where the id hashes the drawing and how it is rendered, so a file
 * found here is always the right one. By default under node_modules/.cache/shop-pictures (ignored
 * by git, gone with node_modules); PICTURE_CACHE_DIR moves it.
 *
 * A cache only: a file that cannot be read counts as missing, and one that cannot be written is
 * skipped (the store itself still gets its renditions). Files are written aside and renamed, so
 * two seeds filling it at once never read half a file.
 */
export type PictureCache = {
  /** Every named file, or null when any of them is missing. */
  readAll(names: readonly string[]): Promise<Buffer[] | null>
  write(name: string, bytes: Buffer): Promise<void>
}

const NAME = /^[0-9a-f]{16}-[1-9][0-9]{0,4}\.webp$/

export function pictureCache(dir: string): PictureCache {
  const root = path.resolve(dir)
  const file = (name: string) => {
    if (!NAME.test(name)) throw new Error(`Not a drawing's rendition: ${JSON.stringify(name)}`)
    return path.join(root, name)
  }
  return {
    async readAll(names) {
      try {
        return await Promise.all(names.map((name) => readFile(file(name))))
      } catch {
        return null
      }
    },

    async write(name, bytes) {
      const target = file(name)
      const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.part`
      try {
        await mkdir(root, { recursive: true })
        await writeFile(partial, bytes)
        await rename(partial, target)
      } catch {
        await rm(partial, { force: true }).catch(() => undefined)
      }
    },
  }
}

/** The machine's picture cache: PICTURE_CACHE_DIR, or node_modules/.cache/shop-pictures. */
export function defaultPictureCache(): PictureCache {
  return pictureCache(
    process.env.PICTURE_CACHE_DIR || path.resolve('node_modules', '.cache', 'shop-pictures'),
  )
}
