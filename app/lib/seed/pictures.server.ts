import type { Product, ProductImage } from '~/lib/data/types'
import type { ImageStore } from '~/lib/images/image-store.server'
import { imageAlt, pictureKind } from '~/lib/images/pictures'
import { renderProductSvg } from '~/lib/images/product-svg.server'

import { DEFAULT_PRODUCT_COUNT } from './products'

/** Pictures stored at the same time (the image store draws one per core at most). */
const CONCURRENCY = 4

/**
 * The product whose pictures a product shows. The demo-sized start of the catalogue (the first
 * DEFAULT_PRODUCT_COUNT products) has its own pictures; a product after it, in a catalogue made
 * for load tests, shows the pictures of the first product of the same kind (the first 160 hold every
 * kind at least twice), so 10 000 products need no more pictures than 160. Its alt texts are that
 * product's, since they describe what the pictures show.
 */
export function pictureSources(products: readonly Product[]): Map<string, Product> {
  const sources = new Map<string, Product>()
  const firstOfKind = new Map<string, Product>()
  products.forEach((product, index) => {
    const kind = pictureKind(product)
    const key = kind ? `${product.category}/${kind.name}` : null
    const source =
      index < DEFAULT_PRODUCT_COUNT || !key ? product : (firstOfKind.get(key) ?? product)
    if (key && index < DEFAULT_PRODUCT_COUNT && !firstOfKind.has(key)) firstOfKind.set(key, product)
    sources.set(product.id, source)
  })
  return sources
}

/** A picture to draw: view n of a product, or the pack shot of one of its colours. */
type Job = { source: Product; n: number; colour: string | null }

/** The colour option's position among the product's options; -1 for none. */
const colourIndex = (product: Product) => product.options.findIndex((o) => o.name === 'Colour')

/**
 * Puts the demo pictures through the image store as drawings (ImageStore.putDrawing): each
 * generated 800 x 800 SVG gets the WebP renditions an upload of that size would, taken from the
 * machine's picture cache when an earlier seed made them, otherwise made on the first request for
 * one (or now, with `renderNow`, or on Storage). Replaces each product's picture descriptions with
 * the stored images, and gives each colour variant its own picture (the first colour's is the
 * product's first picture).
 */
export async function storeDemoPictures(
  images: ImageStore,
  products: Product[],
  log: (line: string) => void = () => {},
  options: { renderNow?: boolean } = {},
): Promise<{ pictures: number }> {
  const sources = pictureSources(products)
  const distinct = [...new Set(sources.values())]
  const jobs: Job[] = distinct.flatMap((source) => {
    const views = source.images.map((_, i) => ({ source, n: i + 1, colour: null }))
    const colours = source.options[colourIndex(source)]?.values.slice(1) ?? []
    return [...views, ...colours.map((colour) => ({ source, n: 1, colour }))]
  })
  const stored = new Map<string, ProductImage[]>()
  const storedColours = new Map<string, ProductImage>()
  let done = 0
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const { source, n, colour } = jobs[next++] as Job
      const svg = renderProductSvg(source, n, colour ?? undefined)
      const alt = colour ? imageAlt(source, 1, colour) : (source.images[n - 1] as ProductImage).alt
      const image = await images.putDrawing(source.id, svg, alt, options)
      if (colour) {
        storedColours.set(`${source.id}/${colour}`, image)
      } else {
        const list = stored.get(source.id) ?? []
        list[n - 1] = image
        stored.set(source.id, list)
      }
      if (++done % 100 === 0) log(`  pictures ${done}/${jobs.length}`)
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, jobs.length) }, worker))
  for (const product of products) {
    const source = sources.get(product.id) as Product
    product.images = stored.get(source.id) ?? []
    const at = colourIndex(product)
    if (at === -1) continue
    const first = product.options[at]?.values[0]
    for (const variant of product.variants) {
      const colour = variant.optionValues[at] as string
      const alt = imageAlt(source, 1, colour)
      const own = colour === first ? product.images[0] : storedColours.get(`${source.id}/${colour}`)
      variant.image = own ? { ...own, alt } : null
    }
  }
  return { pictures: jobs.length }
}
