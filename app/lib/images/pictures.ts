import type { Product, ProductImage } from '~/lib/data/types'

import { hashString } from '~/lib/random'

import { PICTURE_CATEGORIES, type Drawing } from './picture-categories'

/**
 * What the product pictures show, shared by the SVG drawing (./product-svg.server.ts) and the seed
 * (urls and alt texts), so an alt text always describes its picture.
 */

export const IMAGE_SIZE = 800
const MAX_IMAGES = 5

export type ImageView = 'front' | 'pattern' | 'scene' | 'label' | 'gift'
/** Image n (1-based) shows IMAGE_VIEWS[n - 1]. */
export const IMAGE_VIEWS: readonly ImageView[] = ['front', 'pattern', 'scene', 'label', 'gift']

const DRAWING_NOUNS: Record<Drawing, string> = {
  jar: 'a glass jar',
  pouch: 'a kraft-paper pouch',
  bottle: 'a bottle',
  tin: 'a printed tin',
  cushion: 'a square cushion',
  beads: 'a string of beadwork',
  book: 'a cover',
  apron: 'a hanging apron',
  shirt: 'a folded garment',
  basket: 'a woven piece',
  bowl: 'a round bowl',
  candle: 'a candle in a glass',
  pot: 'a rounded pot',
  blanket: 'a folded textile',
  tube: 'a tube',
}

export type Palette = {
  hue: number
  colourName: string
  main: string
  second: string
  accent: string
  light: string
  background: string
  ink: string
}

/**
 * Where picture n was drawn from: the generated products' description of it. The seed replaces it
 * with the stored image's URL (app/lib/seed/pictures.server.ts); nothing serves it.
 */
function productImageUrl(productId: string, n: number): string {
  return `/images/products/${productId}-${n}.svg`
}

/** The kind of product a picture shows, found from the product's category and name; null for none. */
export function pictureKind(
  product: Pick<Product, 'name' | 'category'>,
): { name: string; drawing: Drawing } | null {
  const category = PICTURE_CATEGORIES.find((c) => c.slug === product.category)
  const pools = category ? [category] : PICTURE_CATEGORIES
  let best: { name: string; drawing: Drawing } | null = null
  for (const pool of pools) {
    for (const [name, drawing] of pool.kinds) {
      if (product.name.includes(name) && (!best || name.length > best.name.length)) {
        best = { name, drawing }
      }
    }
  }
  return best
}

export function drawingFor(product: Pick<Product, 'name' | 'category'>): Drawing {
  return (
    pictureKind(product)?.drawing ??
    PICTURE_CATEGORIES.find((c) => c.slug === product.category)?.fallback ??
    'jar'
  )
}

const HUE_NAMES: [number, string][] = [
  [15, 'brick red'],
  [35, 'terracotta'],
  [50, 'ochre'],
  [70, 'mustard'],
  [100, 'olive'],
  [150, 'green'],
  [185, 'teal'],
  [215, 'blue'],
  [250, 'indigo'],
  [285, 'violet'],
  [320, 'plum'],
  [345, 'rose'],
  [360, 'brick red'],
]

function hueName(hue: number): string {
  const h = ((hue % 360) + 360) % 360
  for (const [limit, name] of HUE_NAMES) if (h < limit) return name
  return 'brick red'
}

/** Colours from the category's hues, shifted by the product id's hash. */
export function paletteFor(product: Pick<Product, 'id' | 'category'>): Palette {
  const hash = hashString(product.id)
  const hues = PICTURE_CATEGORIES.find((c) => c.slug === product.category)?.hues ?? [hash % 360]
  const base = hues[hash % hues.length] as number
  const hue = (base + ((hash >>> 8) % 25) - 12 + 360) % 360
  const sat = 45 + ((hash >>> 16) % 25)
  return {
    hue,
    colourName: hueName(hue),
    main: `hsl(${hue} ${sat}% 42%)`,
    second: `hsl(${(hue + 40) % 360} ${sat - 5}% 58%)`,
    accent: `hsl(${(hue + 180) % 360} 55% 38%)`,
    light: `hsl(${hue} 60% 88%)`,
    background: `hsl(${(hue + 20) % 360} 35% 95%)`,
    ink: `hsl(${hue} 30% 14%)`,
  }
}

const SETTINGS: Record<Drawing, string> = {
  jar: 'kitchen shelf',
  pouch: 'kitchen counter',
  bottle: 'shelf',
  tin: 'kitchen shelf',
  cushion: 'couch',
  beads: 'display stand',
  book: 'bookshelf',
  apron: 'hook on the wall',
  shirt: 'shop shelf',
  basket: 'wooden table',
  bowl: 'wooden table',
  candle: 'side table',
  pot: 'wooden table',
  blanket: 'bench',
  tube: 'bathroom shelf',
}

/** Alt text for image n (1-based) of a product. */
function imageAlt(product: Pick<Product, 'id' | 'name' | 'category'>, n: number): string {
  const view = IMAGE_VIEWS[n - 1] ?? 'front'
  const drawing = drawingFor(product)
  const noun = DRAWING_NOUNS[drawing]
  const colour = paletteFor(product).colourName
  switch (view) {
    case 'front':
      return drawing === 'book'
        ? `${product.name}: illustration of the ${colour} book cover with the title`
        : `${product.name}: illustration of ${noun} in ${colour}, labelled with the product name`
    case 'pattern':
      return `${product.name}: close-up of the ${colour} geometric pattern`
    case 'scene':
      return `${product.name}: illustration of ${noun} on a ${SETTINGS[drawing]}`
    case 'label':
      return `${product.name}: product card with the name and details`
    case 'gift':
      return `${product.name}: wrapped as a gift in ${colour} paper with a ribbon`
  }
}

export function productImages(
  product: Pick<Product, 'id' | 'name' | 'category'>,
  count: number,
): ProductImage[] {
  const images: ProductImage[] = []
  for (let n = 1; n <= Math.min(count, MAX_IMAGES); n++) {
    images.push({
      url: productImageUrl(product.id, n),
      alt: imageAlt(product, n),
      width: IMAGE_SIZE,
      height: IMAGE_SIZE,
    })
  }
  return images
}
