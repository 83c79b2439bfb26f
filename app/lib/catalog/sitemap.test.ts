import { describe, expect, it } from 'vitest'

import { escapeXml } from '~/lib/xml'

import { buildRobotsTxt, buildSitemap, CONTENT_PATHS } from './sitemap'

describe('buildSitemap', () => {
  it('lists absolute, escaped URLs with dates', () => {
    const xml = buildSitemap(
      [
        { path: '/' },
        { path: '/shop/rooibos-tea', lastModified: '2024-05-01T10:00:00.000Z' },
        { path: "/shop?q=a&b='c'" },
      ],
      'https://shop.example/',
    )
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://shop.example/</loc></url>',
        '  <url><loc>https://shop.example/shop/rooibos-tea</loc><lastmod>2024-05-01</lastmod></url>',
        '  <url><loc>https://shop.example/shop?q=a&amp;b=&apos;c&apos;</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    )
  })

  it('ignores a malformed date', () => {
    expect(
      buildSitemap([{ path: '/faq', lastModified: 'yesterday' }], 'http://localhost:3000'),
    ).toContain('<url><loc>http://localhost:3000/faq</loc></url>')
  })

  it('names every content page', () => {
    expect([...CONTENT_PATHS]).toEqual(['/', '/about_us', '/faq', '/contact', '/shop'])
  })
})

describe('escapeXml', () => {
  it('escapes the five special characters', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    )
  })
})

describe('buildRobotsTxt', () => {
  it('allows all, keeps robots out of per-visitor pages and points at the sitemap', () => {
    expect(buildRobotsTxt('https://shop.example/')).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /account',
        'Disallow: /checkout',
        'Disallow: /cart',
        'Disallow: /orders',
        'Disallow: /auth',
        '',
        'Sitemap: https://shop.example/sitemap.xml',
        '',
      ].join('\n'),
    )
  })
})
