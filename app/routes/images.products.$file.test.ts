import { beforeEach, describe, expect, it, vi } from 'vitest'

import type { Product } from '~/lib/data/types'
import { generateProducts } from '~/lib/seed/products'
import { xmlProblem } from '~/lib/images/xml-check.test-helper'

const products = generateProducts({ count: 20, now: new Date('2025-06-01T08:00:00.000Z') })
const byId = new Map<string, Product>(products.map((p) => [p.id, p]))

vi.mock('~/lib/data/index.server', () => ({
  getStore: async () => ({ products: { get: async (id: string) => byId.get(id) ?? null } }),
}))

const { loader } = await import('./images.products.$file')

async function get(file: string): Promise<Response> {
  const request = new Request(`http://shop.test/images/products/${file}`)
  try {
    return (await loader({
      request,
      params: { file },
      context: { clientIp: '127.0.0.1' },
    })) as Response
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

describe('GET /images/products/:file', () => {
  beforeEach(() => {
    byId.set('odd', { ...products[0]!, id: 'odd', name: `<&"'> Biltong Spice` })
  })

  it('serves each of a product’s pictures as a cacheable SVG', async () => {
    const product = products[0]!
    for (const [i, image] of product.images.entries()) {
      const file = image.url.split('/').pop()!
      expect(file).toBe(`${product.id}-${i + 1}.svg`)
      const response = await get(file)
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8')
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'")
      const body = await response.text()
      expect(xmlProblem(body)).toBeNull()
      expect(body).toContain('<svg')
    }
  })

  it('escapes the product name', async () => {
    const body = await (await get('odd-1.svg')).text()
    expect(xmlProblem(body)).toBeNull()
    expect(body).toContain('&lt;&amp;&quot;&apos;&gt; Biltong Spice')
  })

  it('answers 404 for unknown products, pictures past the product’s last and malformed names', async () => {
    const product = products[0]!
    for (const file of [
      'no-such-product-1.svg',
      `${product.id}-${product.images.length + 1}.svg`,
      `${product.id}-0.svg`,
      `${product.id}-1.png`,
      `${product.id}.svg`,
      '..%2Fsecret-1.svg',
      `${product.id.toUpperCase()}-1.svg`,
    ]) {
      const response = await get(file)
      expect(response.status, file).toBe(404)
    }
  })
})
