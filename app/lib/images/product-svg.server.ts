import type { Product } from '~/lib/data/types'
import { Random } from '~/lib/random'
import { escapeXml } from '~/lib/xml'

import type { Drawing } from './picture-categories'
import {
  IMAGE_SIZE,
  IMAGE_VIEWS,
  drawingFor,
  paletteFor,
  pictureKind,
  type Palette,
} from './pictures'

/**
 * The demo catalogue's product pictures: SVG illustrations drawn from the product itself (colours
 * from its category and id, a drawing per kind of product, its name as text), so the repository
 * ships no image files and every product has its own pictures. The seed rasterises them once and
 * puts them through the image store (app/lib/seed/pictures.server.ts).
 */

export type ImageProduct = Pick<Product, 'id' | 'name' | 'category' | 'categoryName' | 'tags'>

const FONT = 'Georgia, serif'
const SANS = 'Helvetica, Arial, sans-serif'

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

function textLines(
  lines: readonly string[],
  options: { x: number; y: number; size: number; fill: string; font?: string; weight?: string },
): string {
  const { x, y, size, fill, font = FONT, weight = 'bold' } = options
  const lineHeight = Math.round(size * 1.2)
  const top = y - ((lines.length - 1) * lineHeight) / 2
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${Math.round(top + i * lineHeight)}" font-family="${font}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle" dominant-baseline="middle">${escapeXml(line)}</text>`,
    )
    .join('')
}

/** A tile of Ndebele-style geometry: bold black outlines, white ground, bright fills. */
function ndebelePattern(id: string, pal: Palette, random: Random, tile = 160): string {
  const colours = [pal.main, pal.second, pal.accent, pal.light]
  const half = tile / 2
  const cells: string[] = []
  for (let cy = 0; cy < 2; cy++) {
    for (let cx = 0; cx < 2; cx++) {
      const x = cx * half
      const y = cy * half
      const fill = random.pick(colours)
      const motif = random.int(0, 3)
      cells.push(
        `<rect x="${x}" y="${y}" width="${half}" height="${half}" fill="#fff" stroke="#111" stroke-width="6"/>`,
      )
      if (motif === 0) {
        cells.push(
          `<path d="M${x} ${y + half}L${x + half / 2} ${y}L${x + half} ${y + half}Z" fill="${fill}" stroke="#111" stroke-width="5"/>`,
        )
      } else if (motif === 1) {
        cells.push(
          `<path d="M${x + half / 2} ${y + 8}L${x + half - 8} ${y + half / 2}L${x + half / 2} ${y + half - 8}L${x + 8} ${y + half / 2}Z" fill="${fill}" stroke="#111" stroke-width="5"/>`,
        )
      } else if (motif === 2) {
        for (let s = 0; s < 3; s++) {
          cells.push(
            `<rect x="${x}" y="${y + 8 + s * (half / 3)}" width="${half}" height="${half / 6}" fill="${s % 2 ? fill : '#111'}"/>`,
          )
        }
      } else {
        cells.push(
          `<path d="M${x} ${y + half}V${y + half * 0.66}H${x + half * 0.33}V${y + half * 0.33}H${x + half * 0.66}V${y}H${x + half}V${y + half}Z" fill="${fill}" stroke="#111" stroke-width="5"/>`,
        )
      }
    }
  }
  return `<pattern id="${id}" width="${tile}" height="${tile}" patternUnits="userSpaceOnUse">${cells.join('')}</pattern>`
}

/** Shweshwe-like small repeat: dots and diamonds on the main colour. */
function shweshwePattern(id: string, pal: Palette): string {
  return `<pattern id="${id}" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="${pal.main}"/><circle cx="10" cy="10" r="4" fill="#fff"/><path d="M30 22L36 30L30 38L24 30Z" fill="#fff" opacity=".85"/></pattern>`
}

function stripesPattern(id: string, pal: Palette): string {
  return `<pattern id="${id}" width="60" height="60" patternUnits="userSpaceOnUse"><rect width="60" height="60" fill="${pal.main}"/><rect y="0" width="60" height="12" fill="${pal.second}"/><rect y="30" width="60" height="6" fill="${pal.accent}"/><path d="M0 48L10 42L20 48L30 42L40 48L50 42L60 48" stroke="${pal.light}" stroke-width="3" fill="none"/></pattern>`
}

/** The object itself, drawn around the centre (400, 400) of an 800 x 800 canvas. */
function drawObject(drawing: Drawing, pal: Palette, title: string, isBook = false): string {
  const outline = `stroke="${pal.ink}" stroke-width="6" stroke-linejoin="round"`
  const smallLabel = (y: number) =>
    `<rect x="280" y="${y - 70}" width="240" height="140" rx="14" fill="#fff" ${outline}/>` +
    `<rect x="300" y="${y - 50}" width="200" height="16" fill="${pal.main}"/>` +
    `<rect x="320" y="${y + 5}" width="160" height="10" fill="${pal.ink}" opacity=".7"/>` +
    `<rect x="340" y="${y + 30}" width="120" height="8" fill="${pal.ink}" opacity=".4"/>`
  switch (drawing) {
    case 'jar':
      return (
        `<rect x="270" y="170" width="260" height="70" rx="12" fill="${pal.ink}"/>` +
        `<rect x="230" y="235" width="340" height="420" rx="60" fill="${pal.light}" ${outline}/>` +
        `<rect x="250" y="500" width="300" height="140" rx="40" fill="${pal.main}" opacity=".55"/>` +
        smallLabel(420)
      )
    case 'pouch':
      return (
        `<path d="M250 190H550L590 650Q400 690 210 650Z" fill="hsl(32 42% 62%)" ${outline}/>` +
        `<rect x="250" y="190" width="300" height="40" fill="${pal.main}" ${outline}/>` +
        smallLabel(430)
      )
    case 'bottle':
      return (
        `<rect x="355" y="110" width="90" height="70" rx="8" fill="${pal.ink}"/>` +
        `<path d="M365 180H435V250Q530 280 530 360V640Q530 670 500 670H300Q270 670 270 640V360Q270 280 365 250Z" fill="${pal.second}" ${outline}/>` +
        smallLabel(470)
      )
    case 'tin':
      return (
        `<path d="M240 230V610A160 46 0 0 0 560 610V230" fill="${pal.main}" ${outline}/>` +
        `<ellipse cx="400" cy="230" rx="160" ry="46" fill="${pal.second}" ${outline}/>` +
        `<rect x="240" y="340" width="320" height="160" fill="${pal.light}"/>` +
        `<path d="M240 340H560M240 500H560" ${outline}/>` +
        `<path d="M270 420L300 390L330 420L360 390L390 420L420 390L450 420L480 390L510 420L540 390" stroke="${pal.accent}" stroke-width="8" fill="none"/>`
      )
    case 'cushion':
      return (
        `<path d="M180 200Q400 160 620 200Q660 400 620 600Q400 640 180 600Q140 400 180 200Z" fill="url(#nd)" ${outline}/>` +
        `<path d="M180 200Q400 160 620 200Q660 400 620 600Q400 640 180 600Q140 400 180 200Z" fill="none" stroke="${pal.main}" stroke-width="18" opacity=".8"/>`
      )
    case 'beads': {
      const beads: string[] = []
      const colours = [pal.main, '#fff', pal.accent, pal.second, pal.ink]
      for (let i = 0; i <= 30; i++) {
        const a = Math.PI * (0.05 + (0.9 * i) / 30)
        const x = 400 - Math.cos(a) * 230
        const y = 220 + Math.sin(a) * 300
        beads.push(
          `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="17" fill="${colours[i % colours.length]}" stroke="${pal.ink}" stroke-width="3"/>`,
        )
      }
      return (
        beads.join('') + `<path d="M400 500L470 580L400 690L330 580Z" fill="url(#nd)" ${outline}/>`
      )
    }
    case 'book':
      return (
        `<rect x="215" y="120" width="370" height="560" rx="8" fill="${pal.main}" ${outline}/>` +
        `<rect x="215" y="120" width="40" height="560" fill="${pal.ink}" opacity=".35"/>` +
        `<rect x="255" y="520" width="330" height="90" fill="url(#nd)"/>` +
        textLines(wrapText(title, 14, 5), { x: 420, y: 320, size: 36, fill: '#fff' }) +
        (isBook
          ? `<text x="420" y="650" font-family="${SANS}" font-size="20" fill="#fff" text-anchor="middle" letter-spacing="4">KAROO &amp; CO. PRESS</text>`
          : '')
      )
    case 'apron':
      return (
        `<path d="M330 130Q400 60 470 130" fill="none" stroke="${pal.ink}" stroke-width="10"/>` +
        `<path d="M320 130H480V300L600 330L560 690H240L200 330L320 300Z" fill="url(#sw)" ${outline}/>` +
        `<path d="M200 330L120 360M600 330L680 360" stroke="${pal.ink}" stroke-width="10"/>` +
        `<rect x="310" y="450" width="180" height="120" rx="10" fill="${pal.light}" ${outline}/>`
      )
    case 'shirt':
      return (
        `<path d="M310 160L220 200L140 330L220 380L260 330V660H540V330L580 380L660 330L580 200L490 160Q400 230 310 160Z" fill="${pal.main}" ${outline}/>` +
        `<rect x="260" y="420" width="280" height="60" fill="url(#st)" opacity=".9"/>`
      )
    case 'basket':
      return (
        `<path d="M180 300H620L560 620Q400 660 240 620Z" fill="url(#st)" ${outline}/>` +
        `<ellipse cx="400" cy="300" rx="220" ry="46" fill="${pal.second}" ${outline}/>` +
        `<path d="M220 430H580M240 530H560" stroke="${pal.ink}" stroke-width="4" opacity=".6"/>`
      )
    case 'bowl':
      return (
        `<path d="M160 360A240 230 0 0 0 640 360Z" fill="url(#st)" ${outline}/>` +
        `<ellipse cx="400" cy="360" rx="240" ry="52" fill="${pal.light}" ${outline}/>` +
        `<rect x="330" y="580" width="140" height="30" rx="8" fill="${pal.ink}"/>`
      )
    case 'candle':
      return (
        `<path d="M400 170Q440 230 400 280Q360 230 400 170Z" fill="hsl(38 95% 55%)"/>` +
        `<path d="M400 210Q418 240 400 270Q382 240 400 210Z" fill="hsl(50 100% 85%)"/>` +
        `<rect x="396" y="270" width="8" height="40" fill="${pal.ink}"/>` +
        `<rect x="250" y="300" width="300" height="360" rx="24" fill="${pal.light}" fill-opacity=".7" ${outline}/>` +
        `<rect x="270" y="330" width="260" height="310" rx="16" fill="${pal.second}"/>` +
        smallLabel(500)
      )
    case 'pot':
      return (
        `<path d="M310 200H490V250Q640 300 640 450Q640 660 400 660Q160 660 160 450Q160 300 310 250Z" fill="${pal.main}" ${outline}/>` +
        `<rect x="180" y="400" width="440" height="90" fill="url(#nd)"/>` +
        `<path d="M180 400H620M180 490H620" ${outline}/>`
      )
    case 'blanket':
      return (
        `<rect x="170" y="460" width="460" height="150" rx="16" fill="${pal.second}" ${outline}/>` +
        `<rect x="190" y="330" width="440" height="150" rx="16" fill="url(#st)" ${outline}/>` +
        `<rect x="150" y="200" width="460" height="150" rx="16" fill="url(#nd)" ${outline}/>`
      )
    case 'tube':
      return (
        `<path d="M290 150H510L480 560H320Z" fill="${pal.light}" ${outline}/>` +
        `<rect x="320" y="560" width="160" height="100" rx="12" fill="${pal.main}" ${outline}/>` +
        `<rect x="330" y="280" width="140" height="150" fill="${pal.main}" opacity=".8"/>` +
        `<path d="M290 150H510" stroke="${pal.ink}" stroke-width="14"/>`
      )
  }
}

function defs(product: ImageProduct, pal: Palette, n: number): string {
  const random = new Random(`${product.id}:${n}`)
  return `<defs>${ndebelePattern('nd', pal, random)}${shweshwePattern('sw', pal)}${stripesPattern('st', pal)}</defs>`
}

function caption(name: string, pal: Palette): string {
  const lines = wrapText(name, 34, 2)
  return (
    `<rect x="0" y="690" width="800" height="110" fill="${pal.ink}"/>` +
    textLines(lines, { x: 400, y: 745, size: lines.length > 1 ? 30 : 36, fill: '#fff' })
  )
}

function brand(pal: Palette): string {
  return `<text x="40" y="60" font-family="${SANS}" font-size="22" font-weight="bold" fill="${pal.ink}" letter-spacing="3">KAROO &amp; CO.</text>`
}

/** Image n (1-based, up to MAX_IMAGES) of a product, as a complete SVG document. */
export function renderProductSvg(product: ImageProduct, n: number): string {
  const pal = paletteFor(product)
  const drawing = drawingFor(product)
  const view = IMAGE_VIEWS[n - 1] ?? 'front'
  const title = product.name
  // A cover shows the book's title, not the edition and format that follow it in the name.
  const coverTitle = pictureKind(product)?.name ?? title
  const isBook = product.category === 'books'
  let body: string
  switch (view) {
    case 'front':
      body =
        `<rect width="800" height="800" fill="${pal.background}"/>` +
        `<circle cx="400" cy="400" r="330" fill="${pal.light}" opacity=".6"/>` +
        brand(pal) +
        drawObject(drawing, pal, coverTitle, isBook) +
        caption(title, pal)
      break
    case 'pattern':
      body =
        `<rect width="800" height="800" fill="url(#nd)"/>` +
        `<rect x="30" y="30" width="740" height="740" fill="none" stroke="${pal.ink}" stroke-width="20"/>`
      break
    case 'scene':
      body =
        `<rect width="800" height="800" fill="${pal.light}"/>` +
        `<circle cx="650" cy="150" r="70" fill="hsl(45 90% 62%)"/>` +
        `<rect x="0" y="620" width="800" height="180" fill="hsl(28 35% 45%)"/>` +
        `<rect x="0" y="610" width="800" height="20" fill="hsl(28 35% 32%)"/>` +
        `<g transform="translate(130 210) scale(.55)">${drawObject(drawing, pal, coverTitle, isBook)}</g>` +
        `<path d="M600 620Q590 520 620 460M620 620Q640 500 690 470M610 620Q570 540 540 520" stroke="hsl(120 35% 35%)" stroke-width="10" fill="none"/>` +
        `<rect x="570" y="560" width="90" height="70" rx="8" fill="${pal.accent}"/>`
      break
    case 'label':
      body =
        `<rect width="800" height="800" fill="url(#sw)"/>` +
        `<rect x="110" y="110" width="580" height="580" rx="24" fill="#fff" stroke="${pal.ink}" stroke-width="6"/>` +
        `<text x="400" y="175" font-family="${SANS}" font-size="24" font-weight="bold" fill="${pal.main}" text-anchor="middle" letter-spacing="4">${escapeXml(product.categoryName.toUpperCase())}</text>` +
        textLines(wrapText(title, 22, 4), { x: 400, y: 330, size: 40, fill: pal.ink }) +
        `<rect x="200" y="450" width="400" height="6" fill="${pal.main}"/>` +
        textLines(wrapText(product.tags.slice(0, 5).join(' · '), 36, 3), {
          x: 400,
          y: 540,
          size: 24,
          fill: pal.ink,
          font: SANS,
          weight: 'normal',
        }) +
        `<text x="400" y="650" font-family="${SANS}" font-size="20" fill="${pal.ink}" text-anchor="middle" letter-spacing="3">KAROO &amp; CO.</text>`
      break
    case 'gift':
      body =
        `<rect width="800" height="800" fill="${pal.background}"/>` +
        `<rect x="180" y="300" width="440" height="360" rx="10" fill="url(#sw)" stroke="${pal.ink}" stroke-width="6"/>` +
        `<rect x="160" y="250" width="480" height="80" rx="10" fill="${pal.main}" stroke="${pal.ink}" stroke-width="6"/>` +
        `<rect x="375" y="250" width="50" height="410" fill="${pal.accent}"/>` +
        `<path d="M400 250Q300 150 320 230Q330 260 400 250Q470 150 480 230Q470 260 400 250Z" fill="${pal.accent}" stroke="${pal.ink}" stroke-width="5"/>` +
        `<rect x="470" y="380" width="240" height="110" rx="10" fill="#fff" stroke="${pal.ink}" stroke-width="4" transform="rotate(-8 590 435)"/>` +
        textLines(wrapText(title, 16, 2), { x: 590, y: 435, size: 24, fill: pal.ink }).replace(
          /<text /g,
          '<text transform="rotate(-8 590 435)" ',
        )
      break
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" viewBox="0 0 800 800" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    defs(product, pal, n) +
    body +
    `</svg>`
  )
}
