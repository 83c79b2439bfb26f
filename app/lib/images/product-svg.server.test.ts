import { describe, expect, it } from 'vitest'

import type { Product } from '~/lib/data/types'
import { generateProducts } from '~/lib/seed/products'
import { escapeXml } from '~/lib/xml'

import { NAMED_COLOURS, pictureKind } from './pictures'
import { renderProductSvg, wrapText } from './product-svg.server'
import { xmlProblem } from './xml-check.test-helper'

const products = generateProducts({ now: new Date('2025-06-01T08:00:00.000Z') })

describe('xmlProblem (the checker the tests rely on)', () => {
  it('accepts well-formed XML and names what is wrong otherwise', () => {
    expect(xmlProblem('<?xml version="1.0"?><a x="1"><b/>t &amp; u</a>')).toBeNull()
    expect(xmlProblem('<a><b></a>')).not.toBeNull()
    expect(xmlProblem('<a>fish & chips</a>')).not.toBeNull()
    expect(xmlProblem('<a>1 < 2</a>')).not.toBeNull()
    expect(xmlProblem('<a title="say "hi""/>')).not.toBeNull()
    expect(xmlProblem('<a/><b/>')).not.toBeNull()
    expect(xmlProblem('<a x="1" x="2"/>')).not.toBeNull()
  })
})

describe('renderProductSvg', () => {
  it('draws every view of every kind of product as well-formed SVG', () => {
    const oneOfEachKind = new Map<string, Product>()
    for (const p of products) {
      const drawing = pictureKind(p)?.drawing
      if (drawing && !oneOfEachKind.has(drawing)) oneOfEachKind.set(drawing, p)
    }
    expect(oneOfEachKind.size).toBeGreaterThanOrEqual(40)
    for (const product of oneOfEachKind.values()) {
      for (let n = 1; n <= 4; n++) {
        const svg = renderProductSvg(product, n)
        expect(xmlProblem(svg), `${product.id} view ${n}`).toBeNull()
        expect(svg).toContain('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"')
        expect(svg).toContain(`<title>${escapeXml(product.name)}</title>`)
        expect(svg).not.toMatch(/<script|on[a-z]+=|href=/i)
      }
    }
  })

  it('shows the product as a pack shot: no store mark and no name band', () => {
    for (const product of products.slice(0, 40)) {
      const svg = renderProductSvg(product, 1)
      expect(svg).not.toMatch(/KAROO &amp; CO/)
      const text = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(' ')
      expect(text).not.toContain(escapeXml(product.name))
      expect(svg).toContain('fill="url(#shadow)"')
    }
  })

  it('draws the right object for the products the old pictures got wrong', () => {
    const drawingOf = (name: string) =>
      pictureKind({ name, category: products.find((p) => p.name.startsWith(name))!.category })
        ?.drawing
    expect(drawingOf('Enamel Mug')).toBe('mug')
    expect(drawingOf('Canvas Bucket Hat')).toBe('bucket-hat')
    expect(drawingOf('Sosatie Skewers')).toBe('skewers')
    expect(drawingOf('Lekker Cotton Tee')).toBe('tee')
    expect(drawingOf('Mohair Socks')).toBe('socks')
  })

  it('draws a colour variant in its colour', () => {
    const tee = products.find((p) => p.id === 'lekker-cotton-tee')!
    const [black, mustard] = ['Black', 'Mustard'].map((c) => renderProductSvg(tee, 1, c))
    expect(black).toContain(NAMED_COLOURS.Black!.main)
    expect(mustard).toContain(NAMED_COLOURS.Mustard!.main)
    expect(black).not.toBe(mustard)
  })

  it('varies the same kind between products', () => {
    const tins = products.filter((p) => pictureKind(p)?.drawing === 'jar').slice(0, 8)
    const shapes = new Set(
      tins.map((p) => renderProductSvg(p, 1).replace(/<title>.*<\/title>/, '')),
    )
    expect(shapes.size).toBe(tins.length)
  })

  it('escapes a product name with markup characters', () => {
    const base = products[0]!
    const nasty = {
      ...base,
      name: `Ouma's <b>"Best"</b> & <script>alert('x')</script> <&"'>`,
      categoryName: 'Pantry <&"\'>',
      tags: ['<&"\'>', 'spice'],
    }
    for (let n = 1; n <= 4; n++) {
      const svg = renderProductSvg(nasty, n)
      expect(xmlProblem(svg), `view ${n}`).toBeNull()
      expect(svg).not.toContain('<script')
      expect(svg).not.toContain('<b>')
      expect(svg).not.toContain(`<&"'>`)
    }
    expect(renderProductSvg(nasty, 1)).toContain('&lt;&amp;&quot;&apos;&gt;')
  })

  it('is deterministic and differs between products and views', () => {
    const [a, b] = products
    expect(renderProductSvg(a!, 1)).toBe(renderProductSvg(a!, 1))
    expect(renderProductSvg(a!, 1)).not.toBe(renderProductSvg(b!, 1))
    expect(renderProductSvg(a!, 1)).not.toBe(renderProductSvg(a!, 2))
  })
})

describe('escapeXml', () => {
  it('escapes the five XML specials and drops characters XML forbids', () => {
    expect(escapeXml(`<&"'>`)).toBe('&lt;&amp;&quot;&apos;&gt;')
    expect(escapeXml('a\u0000b\u0008c')).toBe('abc')
    expect(escapeXml('Crème – 250 g ✓')).toBe('Crème – 250 g ✓')
  })
})

describe('wrapText', () => {
  it('wraps on words and marks a cut with an ellipsis', () => {
    expect(wrapText('Rooibos Loose-Leaf Tea', 12, 3)).toEqual(['Rooibos', 'Loose-Leaf', 'Tea'])
    expect(wrapText('one two three four five', 9, 2)).toEqual(['one two', 'three…'])
    expect(wrapText('Supercalifragilistic', 8, 2)).toEqual(['Superca…'])
  })
})
