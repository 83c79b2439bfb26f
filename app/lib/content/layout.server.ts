import type { Layout } from './types'

// Replaced by the content source in the next commit: the layout story from content/.
export async function loadLayout(_request: Request): Promise<Layout> {
  return { siteName: 'Shop', announcement: null, header: null, footer: null }
}
