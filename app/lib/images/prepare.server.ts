import { createHash } from 'node:crypto'
import { availableParallelism } from 'node:os'

import sharp from 'sharp'

/**
 * What an upload becomes before it is stored: checked by its bytes (never by its name or the
 * content type the browser claims), then resized once into WebP renditions. See docs/contracts.md
 * "Product images".
 */

/** The WebP widths every image is offered at; an image narrower than one stops at its own width. */
export const IMAGE_WIDTHS = [320, 640, 1024, 1600] as const
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/**
 * The most pixels an upload may have (sharp's limitInputPixels): 50 megapixels holds every camera
 * and phone photo, while a 16000 x 16000 PNG of under 1 MB would cost hundreds of MB to decode.
 */
export const MAX_IMAGE_PIXELS = 50_000_000
const WEBP = { quality: 80, effort: 2 } as const

export type UploadFormat = 'jpeg' | 'png' | 'webp' | 'avif'

export type PreparedImage = {
  /** The content hash of the uploaded bytes: the same bytes always give the same id and URLs. */
  id: string
  /** The upload's own size, upright (EXIF orientation applied). */
  width: number
  height: number
  /** Narrowest first. */
  renditions: { width: number; height: number; bytes: Buffer }[]
}

/** An upload the store refuses; the message names the problem and what to do about it. */
export class ImageRejectedError extends Error {
  name = 'ImageRejectedError'
}

const ACCEPTED = 'Upload a JPEG, PNG, WebP or AVIF photo.'

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, i) => bytes[at + i] === byte)
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to))
}

/** The image format the bytes start with (magic numbers), or null for anything else. */
export function sniffFormat(bytes: Uint8Array): UploadFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  if (ascii(bytes, 4, 8) === 'ftyp') {
    // An ISO-BMFF file: AVIF when its major or one of its compatible brands says so.
    const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), 64)
    for (let at = 8; at + 4 <= boxSize && at + 4 <= bytes.length; at += 4) {
      if (at === 12) continue // the minor version, not a brand
      const brand = ascii(bytes, at, at + 4)
      if (brand === 'avif' || brand === 'avis') return 'avif'
    }
  }
  return null
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
  return /^\s*(<\?xml|<!--|<!doctype svg|<svg)/i.test(head) && /<svg[\s>]/i.test(head)
}

function megabytes(size: number): string {
  return `${(size / 1024 / 1024).toFixed(1)} MB`
}

/** Refuses what is not a JPEG, PNG, WebP or AVIF image of at most 10 MB, with a reason. */
export function checkUpload(bytes: Uint8Array): UploadFormat {
  if (bytes.length === 0) throw new ImageRejectedError(`The file is empty. ${ACCEPTED}`)
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw new ImageRejectedError(
      `The image is ${megabytes(bytes.length)}; images may be at most 10 MB. Save it smaller (for example 2000 px wide, JPEG quality 85) and upload it again.`,
    )
  }
  const format = sniffFormat(bytes)
  if (format) return format
  if (looksLikeSvg(bytes)) {
    throw new ImageRejectedError(
      `SVG images are not accepted: a drawing can carry scripts and has no fixed size. Export it as PNG or WebP and upload that.`,
    )
  }
  throw new ImageRejectedError(
    `The file is not a JPEG, PNG, WebP or AVIF image (its contents were checked, not its name or type). ${ACCEPTED}`,
  )
}

/** The widths an image `width` px wide is offered at: never wider than the image itself. */
export function renditionWidths(width: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w < width)
  if (widths.length < IMAGE_WIDTHS.length) widths.push(width)
  return widths
}

export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16)
}

export type TaskQueue = <T>(task: () => Promise<T>) => Promise<T>

/**
 * Runs the tasks it is given one after another, in the order given; a task that fails does not
 * stop the ones behind it.
 */
export function oneAtATime(): TaskQueue {
  let last: Promise<unknown> = Promise.resolve()
  return (task) => {
    const run = last.then(task)
    last = run.catch(() => undefined)
    return run
  }
}

/**
 * Runs at most `limit` of the tasks it is given at once, the others waiting in the order given; a
 * task that fails does not stop the ones behind it.
 */
export function atMost(limit: number): TaskQueue {
  let running = 0
  const waiting: (() => void)[] = []
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    else running += 1
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running -= 1
    }
  }
}

/**
 * NOTE: decoding a big photo holds tens of MB in libvips, off the event loop where no request
 * waits for it; four uploads decoded at once would hold four times that. One at a time per process.
 */
const decoding = oneAtATime()

/**
 * Checks an upload and resizes it once into the WebP renditions the store keeps, decoding in
 * `queue` (the process's one-at-a-time queue unless a test hands its own).
 */
export async function prepareImage(
  bytes: Uint8Array,
  queue: TaskQueue = decoding,
): Promise<PreparedImage> {
  const format = checkUpload(bytes)
  const names: Record<UploadFormat, string> = {
    jpeg: 'JPEG',
    png: 'PNG',
    webp: 'WebP',
    avif: 'AVIF',
  }
  const unreadable = () =>
    new ImageRejectedError(
      `The file starts like a ${names[format]} image but could not be read (it may be cut short or damaged). Save it again and upload the new file.`,
    )
  let width: number
  let height: number
  try {
    // The header only, so the pixel limit is not applied yet: the size is measured here and
    // refused below with the numbers, rather than failing as unreadable.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
    const expected = format === 'avif' ? 'heif' : format
    if (metadata.format !== expected || !metadata.width || !metadata.height) throw unreadable()
    // Phones store portraits sideways with an EXIF orientation: sizes are given upright.
    const sideways = (metadata.orientation ?? 1) >= 5
    width = sideways ? metadata.height : metadata.width
    height = sideways ? metadata.width : metadata.height
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error
    throw unreadable()
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ImageRejectedError(
      `This photo is ${width} x ${height} pixels; photos up to ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted. Save it smaller (for example 2000 px wide) and upload it again.`,
    )
  }
  try {
    const renditions = await queue(() => renditionsOf(bytes, renditionWidths(width)))
    return { id: contentHash(bytes), width, height, renditions }
  } catch {
    throw unreadable()
  }
}

/**
 * Decodes the upload once, upright, down to the widest rendition, and makes every rendition from
 * that: a 50-megapixel photo is read a single time however many widths it is offered at.
 */
async function renditionsOf(
  bytes: Uint8Array,
  widths: readonly number[],
): Promise<PreparedImage['renditions']> {
  const widest = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width: widths.at(-1), withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
  const raw = {
    width: widest.info.width,
    height: widest.info.height,
    channels: widest.info.channels,
  }
  const renditions: PreparedImage['renditions'] = []
  for (const w of widths) {
    const { data, info } = await sharp(widest.data, { raw })
      .resize({ width: w, withoutEnlargement: true })
      .webp(WEBP)
      .toBuffer({ resolveWithObject: true })
    renditions.push({ width: info.width, height: info.height, bytes: data })
  }
  return renditions
}

/**
 * How the shop's own SVG drawings (the demo pictures) become WebP renditions, written into every
 * drawing's id: the same drawing rendered the same way by the same libraries gives the same id and
 * the same files, so they can be kept in a cache shared by every store on the machine, and any
 * change here or in sharp's libraries gives new names rather than stale pictures.
 */
const DRAWING_RECIPE = JSON.stringify({
  recipe: 'svg at its own size, png, then the upload renditions',
  webp: WEBP,
  widths: IMAGE_WIDTHS,
  libraries: sharp.versions,
})

/** One of the shop's own drawings, described without drawing it. */
export type DrawingPlan = {
  /** A hash of the drawing and of how it is rendered (DRAWING_RECIPE). */
  id: string
  /** Its size in pixels: the root element's width and height. */
  width: number
  height: number
  /** The widths its renditions are made at (as an upload of that size), narrowest first. */
  widths: number[]
}

const SVG_SIZE = /^\s*(?:<\?xml[^>]*>\s*)?<svg\b[^>]*?\swidth="(\d+)"[^>]*?\sheight="(\d+)"/

/**
 * The id, size and rendition widths of one of the shop's own SVG drawings (never an upload: those
 * are refused as SVG by checkUpload). Throws when the root element has no width and height in
 * whole pixels, since the drawing's size decides its renditions.
 */
export function planDrawing(svg: string): DrawingPlan {
  const size = SVG_SIZE.exec(svg)
  const width = Number(size?.[1])
  const height = Number(size?.[2])
  if (!size || width < 1 || height < 1 || width * height > MAX_IMAGE_PIXELS) {
    throw new Error(
      'A drawing needs width="…" and height="…" in whole pixels on its <svg> element, at most 50 megapixels.',
    )
  }
  const id = createHash('sha256')
    .update(DRAWING_RECIPE)
    .update('\0')
    .update(svg)
    .digest('hex')
    .slice(0, 16)
  return { id, width, height, widths: renditionWidths(width) }
}

/**
 * NOTE: a drawing is 800 x 800 at most in this shop (2.5 MB decoded), so unlike photos several
 * are drawn at once: one per core, whether the seed draws all of them or the image route draws
 * the ones a page asks for first.
 */
const drawing = atMost(Math.max(1, availableParallelism()))

/**
 * Draws one of the shop's own SVG drawings at its own size and makes the renditions an upload of
 * that size would get, in `queue` (one drawing per core unless a test hands its own).
 */
export async function renderDrawing(
  svg: string,
  queue: TaskQueue = drawing,
): Promise<PreparedImage['renditions']> {
  const { widths } = planDrawing(svg)
  return queue(async () => {
    const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer()
    return renditionsOf(png, widths)
  })
}
