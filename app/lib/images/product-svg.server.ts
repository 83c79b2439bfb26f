import type { Product } from '~/lib/data/types'
import { Random } from '~/lib/random'
import { escapeXml } from '~/lib/xml'

import type { Drawing } from './picture-categories'
import {
  IMAGE_SIZE,
  IMAGE_VIEWS,
  drawingFor,
  namedColourOf,
  paletteFor,
  pictureKind,
} from './pictures'

/**
 * The demo catalogue's product pictures, drawn as a shop photographer's pack shots: the object
 * centred on a soft light backdrop with a floor shadow and gentle shading, no store mark and no
 * name band. A drawing per kind of object (a mug, a jar, a tee...), varied per product by its id
 * (shape, label colours, lid, pattern) and coloured by its colour when it names one, so the
 * repository ships no image files and a search result never shows one tin in ten colours. The seed
 * hands them to the image store as drawings (app/lib/seed/pictures.server.ts), which draws each into
 * its WebP sizes once: on its first request, or from the machine's picture cache.
 */

export type ImageProduct = Pick<Product, 'id' | 'name' | 'category' | 'categoryName' | 'tags'> &
  Partial<Pick<Product, 'options'>>

const SERIF = 'Georgia, serif'

/** Splits text into at most `maxLines` lines of about `width` characters, ending with "…" when cut. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean)
  const lines: string[] = []
  let line = ''
  let i = 0
  for (; i < words.length; i++) {
    const word = words[i] as string
    const candidate = line ? `${line} ${word}` : word
    if (candidate.length <= width || !line) {
      line = candidate
      continue
    }
    lines.push(line)
    line = word
    if (lines.length === maxLines) break
  }
  if (lines.length < maxLines && line) {
    lines.push(line)
    i = words.length
  }
  const cut = i < words.length
  return lines.map((l, index) => {
    const last = index === lines.length - 1
    let out = l.length > width ? `${l.slice(0, width - 1)}…` : l
    if (last && cut && !out.endsWith('…')) out = `${out.slice(0, width - 1)}…`
    return out
  })
}

/** How one product is drawn: its colours and the choices its id makes. */
type Look = {
  drawing: Drawing
  kind: string
  option: string
  main: string
  second: string
  label: string
  labelInk: string
  lid: string
  accent: string
  /** Shape variant, 0 to 2. */
  v: number
  random: Random
}

/** Label papers and the ink printed on them. */
const LABELS: readonly [paper: string, ink: string][] = [
  ['#f6efdd', '#2b2622'],
  ['#fbfaf6', '#233049'],
  ['#25262a', '#f0e6cf'],
  ['#c9a472', '#2b2217'],
  ['#b9c9a8', '#1f2b1c'],
  ['#c2683f', '#fbf3e6'],
  ['#26365e', '#f3ead6'],
  ['#d9a934', '#2b2217'],
  ['#e7c9c1', '#3a1f22'],
]
const LIDS = ['#2a2a2e', '#b8892f', '#f2efe8', '#6b4a2f', '#3c5a46', '#8a2b25', '#c9ccd1']

const r1 = (x: number) => Math.round(x * 10) / 10

function lookOf(product: ImageProduct, colour?: string): Look {
  const random = new Random(`picture:${product.id}`)
  const pal = paletteFor(product)
  const named = namedColourOf({ name: product.name, options: product.options ?? [] }, colour)
  const kind = pictureKind(product)?.name ?? product.name
  const option = colour ?? product.name.split(' – ')[1]?.split(/[,(]/)[0]?.trim() ?? ''
  const [label, labelInk] = random.pick(LABELS)
  return {
    drawing: drawingFor(product),
    kind,
    option,
    main: named?.colour.main ?? pal.main,
    second: named?.colour.second ?? pal.second,
    label,
    labelInk,
    lid: random.pick(LIDS),
    accent: pal.accent,
    v: random.int(0, 2),
    random,
  }
}

// ---------------------------------------------------------------- shading and helpers

/** Gradients every picture shares: cylinder shading, a top light, round highlights, the set. */
function sharedDefs(hue: number): string {
  return (
    `<radialGradient id="bg" cx=".5" cy=".4" r=".8"><stop offset="0" stop-color="#fdfcfa"/><stop offset=".65" stop-color="hsl(${hue} 22% 94%)"/><stop offset="1" stop-color="hsl(${hue} 18% 86%)"/></radialGradient>` +
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 15% 70%)" stop-opacity="0"/><stop offset="1" stop-color="hsl(${hue} 15% 70%)" stop-opacity=".35"/></linearGradient>` +
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity=".34"/><stop offset=".55" stop-color="#000" stop-opacity=".14"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="cyl" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".3"/><stop offset=".16" stop-color="#fff" stop-opacity=".22"/><stop offset=".32" stop-color="#fff" stop-opacity=".06"/><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset=".86" stop-color="#000" stop-opacity=".14"/><stop offset="1" stop-color="#000" stop-opacity=".34"/></linearGradient>` +
    `<linearGradient id="vert" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".2"/></linearGradient>` +
    `<radialGradient id="dome" cx=".36" cy=".3" r=".85"><stop offset="0" stop-color="#fff" stop-opacity=".36"/><stop offset=".4" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".3"/></radialGradient>` +
    `<linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b98a5a"/><stop offset="1" stop-color="#8a5f38"/></linearGradient>` +
    `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 20% 90%)"/><stop offset="1" stop-color="hsl(${hue} 18% 82%)"/></linearGradient>`
  )
}

/** The product's own repeat (prints, beadwork, weaves) in its colours. */
function patternDef(look: Look): string {
  const { main, second, accent } = look
  switch (look.random.int(0, 3)) {
    case 0: // shweshwe: small dots and diamonds
      return `<pattern id="pat" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="36" height="36" fill="${main}"/><circle cx="9" cy="9" r="3.5" fill="${second}"/><path d="M27 19L32 27L27 35L22 27Z" fill="${second}" opacity=".85"/></pattern>`
    case 1: // stripes
      return `<pattern id="pat" width="48" height="48" patternUnits="userSpaceOnUse"><rect width="48" height="48" fill="${main}"/><rect width="48" height="10" fill="${second}"/><rect y="24" width="48" height="4" fill="${accent}"/></pattern>`
    case 2: // zigzag
      return `<pattern id="pat" width="48" height="32" patternUnits="userSpaceOnUse"><rect width="48" height="32" fill="${main}"/><path d="M0 22L12 10L24 22L36 10L48 22" stroke="${second}" stroke-width="6" fill="none"/></pattern>`
    default: // Ndebele-style blocks
      return `<pattern id="pat" width="64" height="64" patternUnits="userSpaceOnUse"><rect width="64" height="64" fill="${second}"/><path d="M0 64L32 32L64 64Z" fill="${main}"/><rect x="24" y="6" width="16" height="16" fill="${accent}"/><path d="M0 0H64M0 32H64" stroke="#1d1d1f" stroke-width="3"/></pattern>`
  }
}

/** A shape filled, then shaded with one of the shared gradients. */
const shade = (d: string, fill: string, g = 'cyl') =>
  `<path d="${d}" fill="${fill}"/><path d="${d}" fill="url(#${g})"/>`
const rect = (x: number, y: number, w: number, h: number, rx: number) =>
  `M${r1(x + rx)} ${r1(y)}H${r1(x + w - rx)}Q${r1(x + w)} ${r1(y)} ${r1(x + w)} ${r1(y + rx)}V${r1(y + h - rx)}Q${r1(x + w)} ${r1(y + h)} ${r1(x + w - rx)} ${r1(y + h)}H${r1(x + rx)}Q${r1(x)} ${r1(y + h)} ${r1(x)} ${r1(y + h - rx)}V${r1(y + rx)}Q${r1(x)} ${r1(y)} ${r1(x + rx)} ${r1(y)}Z`
const ellipse = (cx: number, cy: number, rx: number, ry: number) =>
  `M${r1(cx - rx)} ${r1(cy)}A${r1(rx)} ${r1(ry)} 0 1 0 ${r1(cx + rx)} ${r1(cy)}A${r1(rx)} ${r1(ry)} 0 1 0 ${r1(cx - rx)} ${r1(cy)}Z`

function text(lines: readonly string[], x: number, y: number, size: number, fill: string): string {
  const step = Math.round(size * 1.2)
  const top = y - ((lines.length - 1) * step) / 2
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${r1(top + i * step)}" font-family="${SERIF}" font-size="${size}" font-weight="bold" fill="${fill}" text-anchor="middle" dominant-baseline="middle">${escapeXml(line)}</text>`,
    )
    .join('')
}

/** A printed label: paper, a rule in the product's colour, the kind's name and the option. */
function label(look: Look, x: number, y: number, w: number, h: number, round = 6): string {
  // Bold capitals in a serif are about 0.8 of the font size wide: the name fits in three lines, the
  // type shrinking for a long one rather than running off the label.
  const name = look.kind.toUpperCase()
  const longest = Math.max(
    ...name.split(' ').map((word) => word.length),
    Math.ceil(name.length / 3),
  )
  const size = Math.max(
    12,
    Math.min(30, Math.round(w / 9), Math.floor((w * 0.9) / (longest * 0.8))),
  )
  const lines = wrapText(name, Math.max(6, Math.floor((w * 0.9) / (size * 0.8))), 3)
  // The lines stay between the rule at the top and the option at the foot.
  const nameSize = Math.min(size, Math.floor((h * 0.5) / (1.2 * lines.length)))
  const option = look.option ? wrapText(look.option, Math.floor(w / (size * 0.5)), 1) : []
  const mid = y + h * 0.44
  return (
    shade(rect(x, y, w, h, round), look.label, 'vert') +
    `<rect x="${r1(x + w * 0.2)}" y="${r1(y + h * 0.12)}" width="${r1(w * 0.6)}" height="${r1(Math.max(3, h * 0.03))}" fill="${look.main}"/>` +
    text(lines, x + w / 2, mid, nameSize, look.labelInk) +
    (option.length
      ? `<text x="${r1(x + w / 2)}" y="${r1(y + h * 0.82)}" font-family="${SERIF}" font-size="${Math.round(size * 0.62)}" font-style="italic" fill="${look.labelInk}" text-anchor="middle" dominant-baseline="middle">${escapeXml(option[0] as string)}</text>`
      : '')
  )
}

/** Small bead: colour and a highlight. */
const bead = (x: number, y: number, r: number, fill: string) =>
  `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r}" fill="${fill}"/><circle cx="${r1(x - r * 0.35)}" cy="${r1(y - r * 0.35)}" r="${r1(r * 0.32)}" fill="#fff" opacity=".55"/>`

function beadColours(look: Look): string[] {
  return [look.main, '#f7f4ec', look.second, '#1f1f22', look.accent]
}

// ---------------------------------------------------------------- the objects

/**
 * The object standing on the floor line y = 640, centred on x = 400 of the 800 x 800 canvas;
 * returns its drawing and the floor shadow's half width.
 */
function drawObject(look: Look): { svg: string; foot: number } {
  const { main, second, lid, v } = look
  switch (look.drawing) {
    case 'jar': {
      const [w, h] = [
        [270, 250],
        [220, 330],
        [240, 290],
      ][v] as [number, number]
      const x = 400 - w / 2
      const top = 640 - h
      return {
        foot: w * 0.62,
        svg:
          shade(rect(x, top, w, h, 30), main) +
          `<path d="${rect(x + 10, top + 8, 14, h - 30, 7)}" fill="#fff" opacity=".3"/>` +
          shade(rect(x + 14, top - 48, w - 28, 56, 8), lid) +
          `<path d="M${x + 18} ${top - 30}H${x + w - 18}M${x + 18} ${top - 14}H${x + w - 18}" stroke="#000" stroke-opacity=".18" stroke-width="3"/>` +
          label(look, x + 4, top + h * 0.22, w - 8, h * 0.5),
      }
    }
    case 'gift-jars': {
      const jar = (cx: number, jarLid: string) =>
        shade(rect(cx - 70, 400, 140, 170, 18), main) +
        shade(rect(cx - 60, 368, 120, 36, 6), jarLid) +
        label(
          { ...look, kind: look.kind.split(' ')[1] ?? look.kind, option: '' },
          cx - 66,
          450,
          132,
          80,
        )
      return {
        foot: 290,
        svg:
          jar(250, lid) +
          jar(400, look.accent) +
          jar(550, lid) +
          shade(rect(140, 500, 520, 140, 6), '#c9a472', 'vert') +
          `<rect x="140" y="540" width="520" height="26" fill="${look.label}"/>` +
          `<path d="M400 500V640" stroke="${look.accent}" stroke-width="14"/>`,
      }
    }
    case 'pouch': {
      const d = 'M262 640L272 262Q400 246 528 262L538 640Q400 652 262 640Z'
      return {
        foot: 190,
        svg:
          shade(d, v === 2 ? '#2a2a2e' : '#c9a472') +
          `<path d="M272 262Q400 246 528 262L527 290Q400 274 273 290Z" fill="#000" opacity=".12"/>` +
          `<path d="M276 300H524" stroke="#000" stroke-opacity=".2" stroke-width="3" stroke-dasharray="6 5"/>` +
          (v === 1
            ? `<path d="${rect(330, 330, 140, 70, 30)}" fill="${main}" opacity=".85"/><path d="${rect(330, 330, 140, 70, 30)}" fill="url(#dome)"/>`
            : '') +
          label(look, 296, v === 1 ? 420 : 360, 208, v === 1 ? 170 : 210),
      }
    }
    case 'sauce-bottle': {
      const d =
        'M372 230H428V300Q500 330 500 400V620Q500 640 480 640H320Q300 640 300 620V400Q300 330 372 300Z'
      return {
        foot: 130,
        svg:
          shade(d, main) +
          shade(rect(366, 176, 68, 62, 8), lid) +
          `<path d="M318 400V600" stroke="#fff" stroke-opacity=".35" stroke-width="10" stroke-linecap="round"/>` +
          label(look, 302, 430, 196, 150, 4),
      }
    }
    case 'dropper-bottle': {
      const d =
        'M350 380H450V400Q490 410 490 450V620Q490 640 470 640H330Q310 640 310 620V450Q310 410 350 400Z'
      return {
        foot: 120,
        svg:
          shade(d, '#7a3f12') +
          shade(rect(352, 318, 96, 66, 8), '#1f1f22') +
          shade(
            'M372 318Q372 240 400 240Q428 240 428 318Z',
            lid === '#f2efe8' ? '#2a2a2e' : lid,
            'dome',
          ) +
          label(look, 314, 470, 172, 130, 4),
      }
    }
    case 'spray-bottle': {
      return {
        foot: 110,
        svg:
          shade(rect(320, 330, 160, 310, 26), main) +
          `<path d="${rect(320, 330, 160, 310, 26)}" fill="#fff" opacity=".25"/>` +
          shade(rect(368, 290, 64, 44, 6), '#f2efe8') +
          shade('M372 290V240H440Q452 240 452 252V262H428V290Z', '#f2efe8') +
          label(look, 326, 430, 148, 150, 4),
      }
    }
    case 'tin': {
      const w = [280, 240, 300][v] as number
      const h = [300, 340, 240][v] as number
      const x = 400 - w / 2
      const top = 640 - h
      return {
        foot: w * 0.6,
        svg:
          shade(rect(x, top, w, h, 10), main) +
          shade(rect(x - 4, top - 30, w + 8, 44, 8), lid) +
          `<rect x="${x}" y="${top + h * 0.72}" width="${w}" height="${r1(h * 0.12)}" fill="url(#pat)"/>` +
          `<path d="${rect(x, top + h * 0.72, w, h * 0.12, 0)}" fill="url(#cyl)"/>` +
          label(look, x + w * 0.12, top + h * 0.16, w * 0.76, h * 0.48, 40),
      }
    }
    case 'box': {
      const w = v === 1 ? 200 : 240
      const h = v === 2 ? 260 : 330
      const x = 400 - w / 2 - 20
      const top = 640 - h
      return {
        foot: w * 0.7,
        svg:
          shade(
            `M${x + w} ${top}L${x + w + 50} ${top - 34}V${640 - 34}L${x + w} 640Z`,
            main,
            'vert',
          ) +
          `<path d="M${x + w} ${top}L${x + w + 50} ${top - 34}V${640 - 34}L${x + w} 640Z" fill="#000" opacity=".22"/>` +
          shade(`M${x} ${top}L${x + 50} ${top - 34}H${x + w + 50}L${x + w} ${top}Z`, main, 'vert') +
          `<path d="M${x} ${top}L${x + 50} ${top - 34}H${x + w + 50}L${x + w} ${top}Z" fill="#fff" opacity=".18"/>` +
          shade(rect(x, top, w, h, 2), main, 'vert') +
          `<rect x="${x}" y="${top + h - 56}" width="${w}" height="34" fill="url(#pat)"/>` +
          label(look, x + 20, top + 40, w - 40, h * 0.5, 4),
      }
    }
    case 'mug': {
      const speckled = look.option.startsWith('Speckled')
      const specks = speckled
        ? Array.from(
            { length: 40 },
            () =>
              `<circle cx="${look.random.int(296, 494)}" cy="${look.random.int(410, 630)}" r="2" fill="#f3f1ec" opacity=".8"/>`,
          ).join('')
        : ''
      return {
        foot: 170,
        svg:
          `<path d="M500 440Q590 440 590 520Q590 600 500 600" fill="none" stroke="${main}" stroke-width="26"/>` +
          `<path d="M500 440Q590 440 590 520Q590 600 500 600" fill="none" stroke="#000" stroke-opacity=".18" stroke-width="26"/>` +
          shade('M290 400H510V610Q510 640 480 640H320Q290 640 290 610Z', main) +
          specks +
          `<path d="${ellipse(400, 400, 110, 20)}" fill="#000" opacity=".5"/>` +
          `<path d="${ellipse(400, 400, 110, 20)}" fill="none" stroke="${second}" stroke-width="8"/>` +
          `<path d="M290 630Q400 650 510 630" stroke="${second}" stroke-width="6" fill="none"/>`,
      }
    }
    case 'bowl':
      return {
        foot: 220,
        svg:
          shade('M180 460Q190 640 400 640Q610 640 620 460Z', main, 'dome') +
          `<path d="${ellipse(400, 460, 220, 46)}" fill="${second}"/>` +
          `<path d="${ellipse(400, 466, 196, 36)}" fill="${main}" opacity=".55"/>` +
          `<path d="${ellipse(400, 466, 196, 36)}" fill="url(#dome)"/>` +
          `<path d="M330 628Q400 644 470 628" stroke="#000" stroke-opacity=".25" stroke-width="5" fill="none"/>`,
      }
    case 'plates': {
      const plates = [0, 1, 2, 3]
        .map((i) => {
          const y = 612 - i * 22
          return (
            `<path d="${ellipse(400, y, 240, 60)}" fill="${main}"/>` +
            `<path d="${ellipse(400, y, 240, 60)}" fill="none" stroke="${second}" stroke-width="7"/>` +
            `<path d="${ellipse(400, y, 240, 60)}" fill="url(#vert)"/>`
          )
        })
        .join('')
      return {
        foot: 250,
        svg: plates + `<path d="${ellipse(400, 546, 160, 34)}" fill="#000" opacity=".07"/>`,
      }
    }
    case 'candle':
      return {
        foot: 150,
        svg:
          shade(rect(290, 360, 220, 280, 18), second) +
          `<path d="${ellipse(400, 380, 100, 18)}" fill="#f6efdd"/>` +
          `<path d="M400 380V346" stroke="#2a2a2e" stroke-width="5"/>` +
          `<path d="M400 270Q428 314 400 348Q372 314 400 270Z" fill="#f2a93b"/>` +
          `<path d="M400 296Q412 320 400 342Q388 320 400 296Z" fill="#fff5c8"/>` +
          `<path d="${rect(290, 360, 220, 280, 18)}" fill="#fff" opacity=".16"/>` +
          `<path d="M306 380V610" stroke="#fff" stroke-opacity=".5" stroke-width="8" stroke-linecap="round"/>` +
          label(look, 318, 470, 164, 120, 4),
      }
    case 'board': {
      const shape = /Paddle/.test(look.option)
        ? 1
        : /Long/.test(look.option)
          ? 2
          : /Round/.test(look.option)
            ? 0
            : v
      const top =
        shape === 0
          ? ellipse(400, 560, 230, 74)
          : shape === 1
            ? 'M170 560Q170 486 320 486H520Q570 486 600 530H680Q700 560 680 590H600Q570 634 520 634H320Q170 634 170 560Z'
            : rect(130, 520, 540, 90, 45)
      const grain = [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<path d="M${230 + i * 10} ${526 + i * 16}Q400 ${510 + i * 18} ${570 - i * 8} ${530 + i * 16}" stroke="#5a3a1f" stroke-opacity=".22" stroke-width="3" fill="none"/>`,
        )
        .join('')
      return {
        foot: 260,
        svg:
          `<path d="${top}" fill="#7a5230" transform="translate(0 14)"/>` +
          shade(top, '#b98a5a', 'dome') +
          grain,
      }
    }
    case 'placemats':
      return {
        foot: 240,
        svg: [0, 1, 2, 3]
          .map((i) => {
            const y = 610 - i * 16
            const rings = [0.8, 0.6, 0.4]
              .map(
                (k) =>
                  `<path d="${ellipse(400, y, 230 * k, 66 * k)}" fill="none" stroke="${second}" stroke-opacity=".6" stroke-width="4"/>`,
              )
              .join('')
            return `<path d="${ellipse(400, y, 230, 66)}" fill="${main}"/>${rings}<path d="${ellipse(400, y, 230, 66)}" fill="url(#dome)"/>`
          })
          .join(''),
      }
    case 'cushion': {
      const d = 'M190 250Q400 214 610 250Q640 430 610 610Q400 646 190 610Q160 430 190 250Z'
      return {
        foot: 230,
        svg:
          `<path d="${d}" fill="url(#pat)"/><path d="${d}" fill="url(#dome)"/>` +
          `<path d="${d}" fill="none" stroke="${main}" stroke-width="8"/>`,
      }
    }
    case 'folded-textile': {
      const layers = [0, 1, 2]
        .map((i) => {
          const y = 560 - i * 78
          return (
            `<path d="${rect(200 - i * 6, y, 400 + i * 12, 80, 22)}" fill="url(#pat)"/>` +
            `<path d="${rect(200 - i * 6, y, 400 + i * 12, 80, 22)}" fill="url(#vert)"/>`
          )
        })
        .join('')
      const fringe = Array.from(
        { length: 14 },
        (_, i) =>
          `<path d="M${610 + (i % 2) * 4} ${412 + i * 16}h26" stroke="${main}" stroke-width="4"/>`,
      ).join('')
      return { foot: 250, svg: layers + (v !== 1 ? fringe : '') }
    }
    case 'print': {
      const frame = lid === '#f2efe8' ? '#e9e4d8' : v === 0 ? '#2a2a2e' : '#b98a5a'
      return {
        foot: 180,
        svg:
          shade(rect(240, 180, 320, 460, 4), frame, 'vert') +
          `<rect x="262" y="202" width="276" height="416" fill="#fbfaf6"/>` +
          `<rect x="292" y="232" width="216" height="300" fill="hsl(${30 + v * 12} 70% 78%)"/>` +
          `<circle cx="${440 - v * 40}" cy="300" r="26" fill="#fff3d0"/>` +
          `<path d="M292 470Q340 380 400 420Q450 360 508 430V532H292Z" fill="${main}"/>` +
          `<path d="M292 500Q380 470 508 500V532H292Z" fill="${second}" opacity=".8"/>` +
          `<path d="${rect(240, 180, 320, 460, 4)}" fill="url(#cyl)" opacity=".5"/>`,
      }
    }
    case 'necklace': {
      const colours = beadColours(look)
      const beads = Array.from({ length: 34 }, (_, i) => {
        const a = Math.PI * (0.06 + (0.88 * i) / 33)
        return bead(
          400 - Math.cos(a) * 220,
          230 + Math.sin(a) * 290,
          15,
          colours[i % colours.length] as string,
        )
      }).join('')
      return {
        foot: 160,
        svg:
          beads +
          shade('M400 500L460 570L400 640L340 570Z', main, 'dome') +
          `<path d="M400 520L440 570L400 620L360 570Z" fill="${second}"/>`,
      }
    }
    case 'bracelet': {
      const colours = beadColours(look)
      const ring = (cy: number, offset: number) =>
        Array.from({ length: 30 }, (_, i) => {
          const a = (Math.PI * 2 * i) / 30
          return bead(
            400 + Math.cos(a) * 170,
            cy + Math.sin(a) * 64,
            15,
            colours[(i + offset) % colours.length] as string,
          )
        }).join('')
      return {
        foot: 200,
        svg: ring(570, 0) + (v > 0 ? ring(520, 2) : '') + (v > 1 ? ring(470, 4) : ''),
      }
    }
    case 'collar': {
      const colours = beadColours(look)
      const rows = [0, 1, 2, 3, 4]
        .map((row) => {
          const rx = 150 + row * 30
          const ry = 56 + row * 14
          return Array.from({ length: 26 + row * 5 }, (_, i) => {
            const a = Math.PI * (0.02 + (0.96 * i) / (25 + row * 5))
            return bead(
              400 - Math.cos(a) * rx,
              430 + Math.sin(a) * ry,
              10,
              colours[(row + (i % 3 === 0 ? 1 : 0)) % colours.length] as string,
            )
          }).join('')
        })
        .join('')
      return {
        foot: 240,
        svg: `<path d="${ellipse(400, 470, 260, 110)}" fill="${second}" opacity=".25"/>` + rows,
      }
    }
    case 'basket': {
      const d = 'M220 360Q200 520 270 600Q320 642 400 642Q480 642 530 600Q600 520 580 360Z'
      return {
        foot: 210,
        svg:
          `<path d="${d}" fill="#d6c08f"/>` +
          `<path d="M212 430H588V500H206Z" fill="url(#pat)"/>` +
          `<path d="${d}" fill="url(#cyl)"/>` +
          `<path d="${ellipse(400, 360, 180, 38)}" fill="#a88f5c"/>` +
          `<path d="${ellipse(400, 364, 160, 28)}" fill="#6b5532"/>` +
          Array.from(
            { length: 9 },
            (_, i) =>
              `<path d="M230 ${380 + i * 26}Q400 ${396 + i * 26} 572 ${380 + i * 26}" stroke="#8a7040" stroke-opacity=".35" stroke-width="2" fill="none"/>`,
          ).join(''),
      }
    }
    case 'wire-bowl': {
      const colours = beadColours(look)
      const rings = Array.from({ length: 9 }, (_, i) => {
        const k = 1 - i * 0.1
        return `<path d="${ellipse(400, 520 + i * 4, 240 * k, 80 * k)}" fill="none" stroke="${colours[i % colours.length]}" stroke-width="12"/>`
      }).join('')
      return {
        foot: 240,
        svg:
          shade('M160 500Q180 640 400 640Q620 640 640 500Z', main, 'dome') +
          `<path d="${ellipse(400, 500, 240, 80)}" fill="${second}"/>` +
          rings,
      }
    }
    case 'figurine': {
      const stone = look.kind.startsWith('Soapstone')
      const fill = stone ? (['#6f7a6a', '#3d3a36', '#a89c86'][v] as string) : main
      const bird = /Bird|Guinea/.test(look.option)
      const tall = /Giraffe/.test(look.option)
      const body = bird
        ? 'M260 560Q260 420 400 400Q500 390 540 330L600 340L560 380Q600 520 470 600Q360 640 260 560Z'
        : tall
          ? 'M280 520Q280 460 360 450L470 440L500 250Q510 210 540 220L560 240L530 450Q560 470 560 520Q560 560 520 560H320Q280 560 280 520Z'
          : 'M230 500Q230 380 380 380Q500 380 540 420Q600 400 610 460Q620 520 580 520Q560 560 520 560H300Q230 560 230 500Z'
      const legs = bird
        ? ''
        : [290, 340, 470, 520].map((x) => shade(rect(x, 520, 34, 120, 12), fill)).join('')
      const dots = stone
        ? ''
        : `<path d="${body}" fill="none" stroke="${second}" stroke-width="5" stroke-dasharray="3 9"/>`
      return {
        foot: 200,
        svg:
          legs +
          shade(body, fill, 'dome') +
          dots +
          `<circle cx="${bird ? 548 : tall ? 538 : 566}" cy="${bird ? 356 : tall ? 236 : 450}" r="6" fill="#1f1f22"/>`,
      }
    }
    case 'doll': {
      const bands = [0, 1, 2, 3]
        .map(
          (i) =>
            `<path d="M${330 - i * 14} ${440 + i * 48}H${470 + i * 14}" stroke="${i % 2 ? second : '#f7f4ec'}" stroke-width="14"/>`,
        )
        .join('')
      return {
        foot: 150,
        svg:
          shade('M340 380L300 640H500L460 380Z', main) +
          bands +
          shade(rect(364, 310, 72, 80, 10), '#f0c25a') +
          `<circle cx="400" cy="270" r="52" fill="#4a2f22"/><circle cx="400" cy="270" r="52" fill="url(#dome)"/>` +
          [0, 1, 2]
            .map(
              (i) =>
                `<path d="${ellipse(400, 322 + i * 18, 44, 10)}" fill="none" stroke="${i === 1 ? second : look.accent}" stroke-width="7"/>`,
            )
            .join(''),
      }
    }
    case 'clay-pot':
      return {
        foot: 230,
        svg:
          shade(
            'M320 250H480V290Q630 330 630 470Q630 640 400 640Q170 640 170 470Q170 330 320 290Z',
            main,
            'dome',
          ) +
          `<path d="M190 410H610L620 470H180Z" fill="${second}" opacity=".85"/>` +
          `<path d="M190 410H610M180 470H620" stroke="#1f1f22" stroke-opacity=".4" stroke-width="3"/>` +
          `<path d="M200 440L230 420L260 440L290 420L320 440L350 420L380 440L410 420L440 440L470 420L500 440L530 420L560 440L590 420" stroke="#1f1f22" stroke-opacity=".5" stroke-width="4" fill="none"/>` +
          `<path d="${ellipse(400, 252, 80, 14)}" fill="#1f1f22" opacity=".6"/>`,
      }
    case 'tin-toy': {
      const plane = /Aeroplane/.test(look.option)
      const bike = /Bicycle/.test(look.option)
      if (bike) {
        return {
          foot: 220,
          svg:
            [280, 520]
              .map(
                (x) =>
                  `<circle cx="${x}" cy="560" r="78" fill="none" stroke="#3d3f44" stroke-width="10"/><circle cx="${x}" cy="560" r="8" fill="#3d3f44"/>`,
              )
              .join('') +
            `<path d="M280 560L380 440H500L520 560M380 440L420 560H520M500 440L490 400H460M380 440L360 410H330" stroke="${main}" stroke-width="14" fill="none" stroke-linejoin="round"/>` +
            `<path d="M330 404H390" stroke="${second}" stroke-width="16" stroke-linecap="round"/>`,
        }
      }
      if (plane) {
        return {
          foot: 260,
          svg:
            shade(
              'M150 470L230 380H270L290 450H520Q650 450 650 500Q650 540 520 540H200Q150 540 150 470Z',
              main,
              'vert',
            ) +
            shade('M340 480L500 480L420 620H360Z', second, 'vert') +
            [330, 380, 430, 480]
              .map((x) => `<rect x="${x}" y="462" width="30" height="22" rx="4" fill="#bfe0ee"/>`)
              .join('') +
            `<circle cx="300" cy="610" r="24" fill="#2a2a2e"/><circle cx="520" cy="610" r="24" fill="#2a2a2e"/>`,
        }
      }
      return {
        foot: 230,
        svg:
          shade(
            'M180 560V460Q180 420 220 420H330L380 340H540Q600 340 610 420L630 460V560Z',
            main,
            'vert',
          ) +
          `<path d="M390 360H470V420H360Z M490 360H540Q580 360 586 420H490Z" fill="#bfe0ee"/>` +
          `<rect x="180" y="480" width="450" height="20" fill="${second}"/>` +
          [270, 540]
            .map(
              (x) =>
                `<circle cx="${x}" cy="580" r="54" fill="#2a2a2e"/><circle cx="${x}" cy="580" r="22" fill="#c9ccd1"/>`,
            )
            .join(''),
      }
    }
    case 'apron':
      return {
        foot: 230,
        svg:
          `<path d="M330 200Q400 110 470 200" fill="none" stroke="${second}" stroke-width="12"/>` +
          `<path d="M320 200H480V330L600 350L570 640H230L200 350L320 330Z" fill="url(#pat)"/>` +
          `<path d="M320 200H480V330L600 350L570 640H230L200 350L320 330Z" fill="url(#vert)"/>` +
          `<path d="M200 350Q150 380 130 460M600 350Q650 380 670 460" stroke="${second}" stroke-width="12" fill="none"/>` +
          shade(rect(320, 440, 160, 110, 8), main, 'vert') +
          `<path d="M320 452H480" stroke="${second}" stroke-width="6"/>`,
      }
    case 'skirt':
      return {
        foot: 240,
        svg:
          `<path d="M220 360H580L620 640H180Z" fill="url(#pat)"/><path d="M220 360H580L620 640H180Z" fill="url(#vert)"/>` +
          `<path d="M400 360L360 640" stroke="#000" stroke-opacity=".18" stroke-width="6"/>` +
          shade(rect(214, 330, 372, 40, 8), main) +
          `<path d="M560 350Q640 380 620 470M560 350Q610 400 650 440" stroke="${main}" stroke-width="12" fill="none" stroke-linecap="round"/>`,
      }
    case 'tee':
    case 'shirt': {
      const tee = look.drawing === 'tee'
      const d =
        'M300 260L200 300L150 420L240 450L262 410V640H538V410L560 450L650 420L600 300L500 260Q400 310 300 260Z'
      const fill = tee ? main : 'url(#pat)'
      return {
        foot: 220,
        svg:
          `<path d="${d}" fill="${fill}"/><path d="${d}" fill="url(#vert)"/>` +
          `<path d="M262 410V640M538 410V640" stroke="#000" stroke-opacity=".12" stroke-width="4"/>` +
          (tee
            ? `<path d="M340 270Q400 330 460 270" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="10"/>` +
              // "A T-shirt printed with our favourite word": the tee wears it.
              (look.kind.startsWith('Lekker')
                ? `<text x="400" y="420" font-family="${SERIF}" font-size="44" font-weight="bold" fill="${second}" text-anchor="middle" letter-spacing="3">LEKKER</text>`
                : `<circle cx="470" cy="360" r="16" fill="${second}" opacity=".8"/>`)
            : `<path d="M300 260L370 330L400 300L430 330L500 260L460 250L400 290L340 250Z" fill="${main}"/>` +
              [360, 420, 480, 540, 600]
                .map((y) => `<circle cx="400" cy="${y}" r="6" fill="${second}"/>`)
                .join('')) +
          `<path d="M150 420L240 450M650 420L560 450" stroke="#000" stroke-opacity=".2" stroke-width="6"/>`,
      }
    }
    case 'shoes': {
      const shoe = (x: number) =>
        shade(
          `M${x} 640V560Q${x} 470 ${x + 60} 460L${x + 120} 456Q${x + 140} 520 ${x + 200} 540Q${x + 250} 556 ${x + 250} 600V640Z`,
          main,
          'dome',
        ) +
        `<rect x="${x - 4}" y="628" width="258" height="14" rx="6" fill="#3a2a20"/>` +
        `<path d="M${x + 70} 480L${x + 120} 474M${x + 74} 500L${x + 128} 494M${x + 80} 520L${x + 136} 514" stroke="${second}" stroke-width="5"/>` +
        `<path d="M${x + 10} 600Q${x + 130} 590 ${x + 240} 606" stroke="#fff" stroke-opacity=".35" stroke-width="3" stroke-dasharray="7 6" fill="none"/>`
      return { foot: 280, svg: shoe(140) + shoe(410) }
    }
    case 'socks': {
      const stripes = look.option === 'Stripe'
      const fill = stripes ? 'url(#pat)' : main
      const sock = (x: number) =>
        `<path d="M${x} 200H${x + 110}V500Q${x + 110} 540 ${x + 150} 560L${x + 190} 580Q${x + 220} 610 ${x + 190} 636H${x + 40}Q${x} 636 ${x} 590Z" fill="${fill}"/>` +
        `<path d="M${x} 200H${x + 110}V500Q${x + 110} 540 ${x + 150} 560L${x + 190} 580Q${x + 220} 610 ${x + 190} 636H${x + 40}Q${x} 636 ${x} 590Z" fill="url(#cyl)"/>` +
        Array.from(
          { length: 6 },
          (_, i) =>
            `<path d="M${x + 12 + i * 17} 206V270" stroke="#000" stroke-opacity=".16" stroke-width="4"/>`,
        ).join('') +
        `<path d="M${x} 276H${x + 110}" stroke="${second}" stroke-width="10"/>`
      return { foot: 230, svg: sock(210) + sock(390) }
    }
    case 'bucket-hat': {
      const lined = look.option === 'Shweshwe Lined'
      return {
        foot: 260,
        svg:
          `<path d="${ellipse(400, 560, 260, 64)}" fill="${lined ? 'url(#pat)' : main}"/>` +
          `<path d="${ellipse(400, 560, 260, 64)}" fill="url(#vert)"/>` +
          shade('M270 560L300 360Q400 320 500 360L530 560Q400 600 270 560Z', main, 'dome') +
          `<path d="M290 500Q400 530 510 500" stroke="${second}" stroke-opacity=".7" stroke-width="5" stroke-dasharray="8 6" fill="none"/>` +
          `<path d="M300 372Q400 340 500 372" stroke="#000" stroke-opacity=".2" stroke-width="4" fill="none"/>`,
      }
    }
    case 'tube':
      return {
        foot: 120,
        svg:
          shade('M320 170H480L464 560H336Z', look.label === '#25262a' ? '#f6efdd' : look.label) +
          `<path d="M318 170H482" stroke="#000" stroke-opacity=".25" stroke-width="12"/>` +
          shade(rect(344, 556, 112, 84, 10), lid) +
          `<rect x="338" y="270" width="124" height="12" fill="${main}"/>` +
          text(
            wrapText(look.kind.toUpperCase(), 8, 3),
            400,
            380,
            18,
            look.labelInk === '#f0e6cf' ? '#2b2622' : look.labelInk,
          ) +
          `<path d="M336 480H464" stroke="${main}" stroke-width="6"/>`,
      }
    case 'soap':
      return {
        foot: 230,
        svg:
          shade('M210 520L290 460H610L530 520Z', main, 'dome') +
          shade(rect(210, 520, 320, 110, 12), main) +
          shade('M530 520L610 460V570L530 630Z', main, 'vert') +
          `<path d="M530 520L610 460V570L530 630Z" fill="#000" opacity=".15"/>` +
          label(look, 300, 516, 140, 118, 0),
      }
    case 'lip-balm':
      return {
        foot: 200,
        svg:
          shade(rect(250, 560, 300, 80, 14), '#c9ccd1') +
          `<path d="${ellipse(400, 560, 150, 40)}" fill="${main}"/>` +
          `<path d="${ellipse(400, 560, 150, 40)}" fill="url(#dome)"/>` +
          `<path d="${ellipse(400, 560, 110, 28)}" fill="${look.label}"/>` +
          text([look.kind.split(' ')[0]?.toUpperCase() ?? ''], 400, 560, 22, look.labelInk),
      }
    case 'book': {
      const title = wrapText(look.kind, 13, 4)
      const cover = look.random.pick([main, '#26365e', '#8a2b25', '#2f5a3a', '#f6efdd'])
      const ink = cover === '#f6efdd' ? '#2b2622' : '#fbf7ec'
      return {
        foot: 200,
        svg:
          `<path d="M250 170H560V630H250Z" fill="#f4efe2"/>` +
          `<path d="M556 176V628" stroke="#cfc6b0" stroke-width="8" stroke-dasharray="2 3"/>` +
          shade(rect(236, 160, 310, 480, 6), cover, 'vert') +
          `<rect x="236" y="160" width="26" height="480" fill="#000" opacity=".22"/>` +
          `<rect x="290" y="210" width="220" height="4" fill="${ink}" opacity=".8"/>` +
          text(title, 400, 330, 32, ink) +
          `<rect x="300" y="450" width="200" height="130" fill="url(#pat)"/>` +
          `<rect x="290" y="600" width="220" height="3" fill="${ink}" opacity=".8"/>`,
      }
    }
    case 'potjie': {
      if (look.kind === 'Potbrood Tin') {
        const loaf = /Loaf/.test(look.option)
        return {
          foot: 250,
          svg: loaf
            ? shade('M180 460H620L590 640H210Z', '#2b2b2d') +
              `<path d="${rect(170, 440, 460, 30, 6)}" fill="#3d3d40"/>` +
              `<path d="M200 450Q400 380 600 450" fill="#c98a4a"/>`
            : shade('M210 450H590V610Q590 640 560 640H240Q210 640 210 610Z', '#2b2b2d') +
              shade('M200 450Q400 330 600 450Z', '#3d3d40', 'dome') +
              `<path d="M370 380Q400 350 430 380" stroke="#2b2b2d" stroke-width="14" fill="none"/>`,
        }
      }
      const enamel = /Enamel/.test(look.option)
      return {
        foot: 240,
        svg:
          [290, 400, 510]
            .map(
              (x) =>
                `<path d="M${x} 600L${x + (x - 400) * 0.2} 650" stroke="#1f1f22" stroke-width="18" stroke-linecap="round"/>`,
            )
            .join('') +
          `<path d="M190 380Q180 200 400 200Q620 200 610 380" fill="none" stroke="#3d3d40" stroke-width="8"/>` +
          shade(
            'M240 340H560Q660 400 640 500Q620 620 400 626Q180 620 160 500Q140 400 240 340Z',
            '#2b2b2d',
            'dome',
          ) +
          shade('M240 346Q400 280 560 346Z', enamel ? lid : '#3a3a3d', 'dome') +
          `<circle cx="400" cy="300" r="16" fill="#1f1f22"/>`,
      }
    }
    case 'tongs': {
      const handle = look.option.includes('Olive') ? '#8a6238' : second
      return {
        foot: 250,
        svg:
          `<path d="M190 600L620 300" stroke="#b9bdc2" stroke-width="16" stroke-linecap="round"/>` +
          `<path d="M200 620L640 340" stroke="#9ea3a9" stroke-width="16" stroke-linecap="round"/>` +
          `<path d="M190 600L320 510M200 620L330 538" stroke="${handle}" stroke-width="30" stroke-linecap="round"/>` +
          `<path d="M600 310L640 290M630 344L670 330" stroke="#9ea3a9" stroke-width="20" stroke-linecap="round"/>`,
      }
    }
    case 'grid': {
      const bars = Array.from(
        { length: 9 },
        (_, i) => `<path d="M${250 + i * 30} 330V590" stroke="#9ea3a9" stroke-width="6"/>`,
      ).join('')
      return {
        foot: 260,
        svg:
          `<g transform="rotate(-8 400 460)">` +
          `<rect x="240" y="320" width="270" height="280" rx="8" fill="none" stroke="#8a8f96" stroke-width="12"/>` +
          bars +
          `<path d="M240 420H510M240 500H510" stroke="#8a8f96" stroke-width="6"/>` +
          `<path d="M510 440H640M510 480H640" stroke="#8a8f96" stroke-width="10"/>` +
          shade(rect(620, 430, 80, 60, 14), '#8a6238') +
          `</g>`,
      }
    }
    case 'skewers': {
      const handle =
        look.option === 'Bamboo' ? '#d8b878' : look.option === 'Wooden Handle' ? '#8a6238' : second
      const shaft = look.option === 'Bamboo' ? '#d8b878' : '#b9bdc2'
      return {
        foot: 250,
        svg: Array.from({ length: 6 }, (_, i) => {
          const y = 320 + i * 46
          return (
            `<path d="M180 ${y + 120}L610 ${y}" stroke="${shaft}" stroke-width="7" stroke-linecap="round"/>` +
            `<path d="M180 ${y + 120}L240 ${y + 103}" stroke="${handle}" stroke-width="20" stroke-linecap="round"/>`
          )
        }).join(''),
      }
    }
    case 'chair': {
      const frame = second
      return {
        foot: 230,
        svg:
          `<path d="M250 640L540 330M550 640L260 330" stroke="${frame}" stroke-width="18" stroke-linecap="round"/>` +
          `<path d="M240 200V470M560 200V470" stroke="${frame}" stroke-width="18" stroke-linecap="round"/>` +
          shade('M240 210H560V380H240Z', main, 'vert') +
          shade('M230 460H570L550 520H250Z', main, 'vert') +
          `<path d="M240 250H560" stroke="#000" stroke-opacity=".15" stroke-width="4"/>`,
      }
    }
  }
}

// ---------------------------------------------------------------- the shots

/** The object placed at (cx, baseY) at `scale`, with its soft floor shadow. */
function placed(object: { svg: string; foot: number }, cx: number, baseY: number, scale: number) {
  const shadow = `<path d="${ellipse(cx, baseY + 4 * scale, object.foot * scale * 1.08, 26 * scale)}" fill="url(#shadow)"/>`
  return `${shadow}<g transform="translate(${r1(cx - 400 * scale)} ${r1(baseY - 640 * scale)}) scale(${scale})">${object.svg}</g>`
}

const backdrop = `<rect width="800" height="800" fill="url(#bg)"/><rect y="560" width="800" height="240" fill="url(#floor)"/>`

function sprig(x: number, y: number): string {
  const leaves = Array.from({ length: 7 }, (_, i) => {
    const ly = y - 30 - i * 22
    const side = i % 2 ? 1 : -1
    return `<path d="M${x + i * 4} ${ly}q${side * 26} -6 ${side * 34} -24q${-side * 22} 4 ${-side * 34} 24Z" fill="hsl(${110 + i * 4} 30% ${34 + i * 2}%)"/>`
  }).join('')
  return `<path d="M${x} ${y}Q${x + 10} ${y - 90} ${x + 30} ${y - 180}" stroke="#4a5a32" stroke-width="5" fill="none"/>${leaves}`
}

/** Image n (1-based, up to 4) of a product, or of its variant in `colour`: a complete SVG document. */
export function renderProductSvg(product: ImageProduct, n: number, colour?: string): string {
  const look = lookOf(product, colour)
  const pal = paletteFor(product)
  const view = IMAGE_VIEWS[n - 1] ?? 'front'
  const object = drawObject(look)
  let body: string
  switch (view) {
    case 'front':
      body = backdrop + placed(object, 400, 690, 1.1)
      break
    case 'detail':
      body =
        backdrop +
        `<g transform="translate(400 400) scale(1.9) translate(-400 -470)">${object.svg}</g>`
      break
    case 'styled':
      body =
        `<rect width="800" height="800" fill="url(#wall)"/>` +
        `<rect y="600" width="800" height="200" fill="url(#wood)"/>` +
        `<path d="M0 640Q400 630 800 646M0 700Q400 690 800 710M0 760Q400 752 800 770" stroke="#5a3a1f" stroke-opacity=".2" stroke-width="3" fill="none"/>` +
        `<rect y="598" width="800" height="6" fill="#000" opacity=".12"/>` +
        shade('M40 730L90 660H300L250 730Z', '#efe9dc', 'vert') +
        sprig(640, 700) +
        placed(object, 380, 700, 0.74)
      break
    case 'pair':
      body = backdrop + placed(object, 245, 660, 0.66) + placed(object, 560, 690, 0.72)
      break
  }
  const title = colour ? `${product.name} in ${colour}` : product.name
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 800 800" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<defs>${sharedDefs(pal.hue)}${patternDef(look)}</defs>` +
    body +
    `</svg>`
  )
}
