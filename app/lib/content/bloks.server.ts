import { parseProductIds } from '~/lib/catalog/featured'
import { resolveFeaturedProducts } from '~/lib/catalog/featured.server'

import { linkHref } from './blok-fields'
import { ContentUnavailableError } from './last-good-copy.server'
import type { Blok, ContentSource, Story } from './types'

export type PrepareContext = { source: ContentSource; editor: boolean }
type Preparer = (blok: Blok, context: PrepareContext) => Promise<Blok>

/** Relation fields a page story resolves, so bloks get stories rather than uuids. */
export const PAGE_RELATIONS = ['quotes.quotes']

export const NEWS_FOLDER = 'news/'

/** An article card: the fields latest_news renders, nothing more. */
export type NewsCard = {
  uuid: string
  title: string
  /** The article's own `link` when the editor set one (a story elsewhere), else its page here. */
  href: string
  date: string | null
  teaser: string
  image: { src: string; alt: string } | null
}

export type QuoteItem = { uuid: string; quote: string; author: string; location: string }

/**
 * Bloks that need data beyond their own fields get it here, in the loader, so components only
 * render. Registering a blok with server data is one line in this map.
 */
const preparers: Record<string, Preparer> = {
  latest_news: prepareLatestNews,
  quotes: prepareQuotes,
  featured_products: prepareFeaturedProducts,
}

/** Shapes a blok tree for the browser: server data filled in, editor-only fields dropped. */
export async function prepareBlok(blok: Blok, context: PrepareContext): Promise<Blok> {
  const prepared: Blok = { _uid: blok._uid, component: blok.component }
  for (const [key, value] of Object.entries(blok)) {
    // `_editable` marks bloks for the visual editor; published pages don't need it.
    if (key === '_uid' || key === 'component' || (key === '_editable' && !context.editor)) continue
    prepared[key] = isBlokList(value)
      ? await Promise.all(value.map((child) => prepareBlok(child, context)))
      : value
  }
  const prepare = preparers[blok.component]
  return prepare ? prepare(prepared, context) : prepared
}

async function prepareLatestNews(blok: Blok, { source }: PrepareContext): Promise<Blok> {
  const count = clamp(Number(blok.count) || 3, 1, 12)
  const stories = await source
    .stories({ startsWith: NEWS_FOLDER, sortBy: 'content.date:desc', perPage: count })
    .catch((error: unknown) => {
      // The page around it still renders during an outage (already logged by the source).
      if (error instanceof ContentUnavailableError) return []
      throw error
    })
  const articles: NewsCard[] = stories.map(toNewsCard)
  const { count: _count, ...rest } = blok
  return { ...rest, articles }
}

export function toNewsCard(story: Story): NewsCard {
  const content = story.content
  const image = asAsset(content.image)
  return {
    uuid: story.uuid,
    title: text(content.title) || story.name,
    href: linkHref(content.link) ?? `/${story.full_slug.replace(/^\/+/, '')}`,
    date: text(content.date) || story.first_published_at || null,
    teaser: text(content.teaser),
    image,
  }
}

async function prepareQuotes(blok: Blok): Promise<Blok> {
  const entries = Array.isArray(blok.quotes) ? blok.quotes : []
  // Unresolved relations (a uuid whose story was deleted or unpublished) are left out.
  const quotes: QuoteItem[] = entries.flatMap((entry: unknown) => {
    if (!entry || typeof entry !== 'object' || !('content' in entry) || !('uuid' in entry)) return []
    const content = entry.content as Record<string, unknown>
    const quote = text(content.quote)
    if (!quote) return []
    return [{ uuid: String(entry.uuid), quote, author: text(content.author), location: text(content.location) }]
  })
  return { ...blok, quotes }
}

/**
 * The `featured_products` blok: swaps the editor's `product_ids` for the card summaries the
 * component renders.
 */
export async function prepareFeaturedProducts(blok: Blok): Promise<Blok> {
  const { product_ids: productIds, ...rest } = blok
  return { ...rest, products: await resolveFeaturedProducts(parseProductIds(productIds)) }
}

function isBlokList(value: unknown): value is Blok[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((v) => v && typeof v === 'object' && typeof v._uid === 'string' && typeof v.component === 'string')
  )
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

function asAsset(value: unknown): { src: string; alt: string } | null {
  if (!value || typeof value !== 'object' || !('filename' in value)) return null
  const src = text(value.filename)
  if (!src) return null
  return { src, alt: 'alt' in value ? text(value.alt) : '' }
}

function clamp(n: number, min: number, max: number) {
  return Math.min(max, Math.max(min, Math.round(n)))
}
