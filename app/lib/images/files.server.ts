import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

import type { ImageFiles } from './image-store.server'

/**
 * Image files under one folder (DATA_DIR/images/ in the embedded shop), one sub-folder per
 * product, served at /images/{productId}/{file} by app/routes/images.$productId.$file.ts. Beside
 * the WebP renditions a folder may keep a drawing (`.svg`) whose renditions are made on first read.
 */
export function fileImageFiles(root: string): ImageFiles {
  const base = path.resolve(root)
  /** The file's path, only when it lies inside the store (names are checked before; belt and braces). */
  const inside = (productId: string, name?: string): string => {
    const resolved = path.resolve(base, productId, name ?? '')
    if (!resolved.startsWith(base + path.sep))
      throw new Error(`Outside the image store: ${resolved}`)
    return resolved
  }
  const url = (productId: string, name: string) => `/images/${productId}/${name}`

  return {
    backend: 'files',

    async list(productId) {
      try {
        const names = await readdir(inside(productId))
        return names
          .filter((n) => n.endsWith('.webp') || n.endsWith('.svg'))
          .map((name) => ({ name, url: url(productId, name) }))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw error
      }
    },

    async save(productId, name, bytes) {
      const file = inside(productId, name)
      await mkdir(path.dirname(file), { recursive: true })
      // Written aside then renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`
      await writeFile(partial, bytes)
      await rename(partial, file)
      return { name, url: url(productId, name) }
    },

    async read(productId, name) {
      try {
        return await readFile(inside(productId, name))
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null
        throw error
      }
    },

    async remove(productId, name) {
      await rm(inside(productId, name), { force: true })
    },

    urlOf: url,
  }
}
