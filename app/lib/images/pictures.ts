import type { Product, ProductImage } from '~/lib/data/types'

import { NAMED_COLOURS, type NamedColour } from '~/lib/catalog/colours'
import { hashString } from '~/lib/random'

import { PICTURE_CATEGORIES, type Drawing } from './picture-categories'

/**
 * What the product pictures show, shared by the SVG drawing (./product-svg.server.ts) and the seed
 * (urls and alt texts), so an alt text always describes its picture.
 */

export { NAMED_COLOURS, type NamedColour }

export const IMAGE_SIZE = 800
const MAX_IMAGES = 4

/**
 * The shots of a product, as a shop photographer would take them: the pack shot on a plain light
 * backdrop, a close-up, the product styled on a table, and two of them side by side.
 * Image n (1-based) shows IMAGE_VIEWS[n - 1].
 */
export type ImageView = 'front' | 'detail' | 'styled' | 'pair'
export const IMAGE_VIEWS: readonly ImageView[] = ['front', 'detail', 'styled', 'pair']

const DRAWING_NOUNS: Record<Drawing, string> = {
  jar: 'the glass jar',
  'gift-jars': 'the jars in their gift box',
  pouch: 'the stand-up kraft pouch',
  'sauce-bottle': 'the sauce bottle',
  'dropper-bottle': 'the amber dropper bottle',
  'spray-bottle': 'the spray bottle',
  tin: 'the printed tin',
  box: 'the printed box',
  mug: 'the enamel mug',
  bowl: 'the ceramic bowl',
  plates: 'the stack of enamel plates',
  candle: 'the candle in its glass',
  board: 'the wooden serving board',
  placemats: 'the stack of woven placemats',
  cushion: 'the cushion',
  'folded-textile': 'the folded cloth',
  print: 'the framed print',
  necklace: 'the beaded necklace',
  bracelet: 'the beaded bracelet',
  collar: 'the beaded collar',
  basket: 'the woven basket',
  'wire-bowl': 'the woven wire bowl',
  figurine: 'the handmade figure',
  doll: 'the beaded doll',
  'clay-pot': 'the clay pot',
  'tin-toy': 'the tin toy',
  apron: 'the apron',
  skirt: 'the folded wrap skirt',
  tee: 'the folded tee',
  shirt: 'the shirt',
  shoes: 'the pair of vellies',
  socks: 'the pair of socks',
  'bucket-hat': 'the bucket hat',
  tube: 'the tube',
  soap: 'the wrapped soap bar',
  'lip-balm': 'the lip balm tin',
  book: 'the book',
  potjie: 'the cast-iron pot',
  tongs: 'the braai tongs',
  grid: 'the hinged braai grid',
  skewers: 'the skewers',
  chair: 'the folding chair',
}

/** What the close-up shows. */
const DETAILS: Partial<Record<Drawing, string>> = {
  cushion: 'the pattern',
  'folded-textile': 'the weave and pattern',
  print: 'the picture',
  necklace: 'the beadwork',
  bracelet: 'the beadwork',
  collar: 'the beadwork',
  basket: 'the weave',
  'wire-bowl': 'the woven wire',
  figurine: 'the finish',
  doll: 'the beadwork',
  'clay-pot': 'the burnished finish',
  apron: 'the print',
  skirt: 'the print',
  tee: 'the cotton',
  shirt: 'the print',
  shoes: 'the stitching',
  socks: 'the knit',
  'bucket-hat': 'the stitching',
  book: 'the cover',
  board: 'the grain',
  placemats: 'the weave',
  tongs: 'the steel arms',
  grid: 'the bars',
  skewers: 'the skewers',
  chair: 'the canvas',
  potjie: 'the cast iron',
  mug: 'the rim',
  bowl: 'the glaze',
  plates: 'the rims',
  'tin-toy': 'the printed tin',
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
 * The colour a product or its variant is pictured in: the given option value, the product's own
 * Colour option's first value, or the colour its name ends with; null when no colour is named.
 */
export function namedColourOf(
  product: Pick<Product, 'name' | 'options'>,
  colour?: string | null,
): { name: string; colour: NamedColour } | null {
  const candidates = [
    colour,
    product.options?.find((o) => o.name === 'Colour')?.values[0],
    product.name.split(' – ')[1]?.split(',')[0]?.trim(),
  ]
  for (const name of candidates) {
    const found = name ? NAMED_COLOURS[name] : undefined
    if (name && found) return { name, colour: found }
  }
  return null
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

type AltProduct = Pick<Product, 'id' | 'name' | 'category'> & Partial<Pick<Product, 'options'>>

/** Alt text for image n (1-based) of a product, or of its variant in `colour`. */
export function imageAlt(product: AltProduct, n: number, colour?: string): string {
  const view = IMAGE_VIEWS[n - 1] ?? 'front'
  const drawing = drawingFor(product)
  const noun = DRAWING_NOUNS[drawing]
  const named = namedColourOf({ name: product.name, options: product.options ?? [] }, colour)
  const inColour = named ? ` in ${named.name}` : ''
  const subject = colour ? `${product.name} in ${colour}` : product.name
  switch (view) {
    case 'front':
      return `${subject}: ${noun}${inColour} on a plain light backdrop`
    case 'detail':
      return `${subject}: close-up of ${DETAILS[drawing] ?? 'the label'}`
    case 'styled':
      return `${subject}: ${noun} on a wooden table beside a sprig of fynbos`
    case 'pair':
      return `${subject}: two of them side by side`
  }
}

export function productImages(product: AltProduct, count: number): ProductImage[] {
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

/** The picture of one colour of a product: its pack shot drawn in that colour. */
export function colourImage(product: AltProduct, colour: string): ProductImage {
  return {
    url: `/images/products/${product.id}--${colour.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`,
    alt: imageAlt(product, 1, colour),
    width: IMAGE_SIZE,
    height: IMAGE_SIZE,
  }
}
