// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { renderRouteWithoutJs } from '../../test/render-route'

import { Footer } from '~/components/bloks/footer'
import { LegalRoute } from '~/components/legal/legal-page'
import type { ContentSource } from '~/lib/content/types'
import { getStore } from '~/lib/data/index.server'
import { loadLegalStory, type LegalPageData } from '~/lib/legal/legal-pages.server'
import { DEMO_SHOP_DETAILS } from '~/lib/legal/shop-details'

import * as privacyRoute from './privacy'
import * as returnsRoute from './returns'
import * as termsRoute from './terms'

/**
 * /returns, /terms and /privacy: the bundled stories (no Storyblok configured) with the shop's
 * details filled in, and the "Our details" card ECTA s43 asks for.
 */
await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'legal-pages-test-'))
})

const routes = { returns: returnsRoute, terms: termsRoute, privacy: privacyRoute }
type Answer = { data: LegalPageData; init: ResponseInit | null }

async function visit(slug: keyof typeof routes) {
  const answer = (await routes[slug].loader({
    request: new Request(`http://shop.test/${slug}`),
    params: {},
    context: { clientIp: '127.0.0.1' },
  })) as unknown as Answer
  expect(answer.init?.status ?? 200).toBe(200)
  renderRouteWithoutJs(LegalRoute, { url: `/${slug}`, loaderData: answer.data })
  return answer.data
}

const pageText = () => document.body.textContent ?? ''

describe('the legal pages', () => {
  it('/returns states the 7-day cooling-off, the return window and refunds within 30 days, with the shop’s details', async () => {
    const page = await visit('returns')
    expect(page.title).toBe('Returns and refunds')
    expect(screen.getByRole('heading', { level: 1, name: 'Returns and refunds' })).toBeVisible()
    expect(pageText()).toMatch(/within 7 days after you receive the goods/)
    expect(pageText()).toMatch(/within 30 days of delivery or collection/)
    expect(pageText()).toMatch(/refund within 30 days/)
    expect(pageText()).toContain(DEMO_SHOP_DETAILS.address.join(', '))
    expect(pageText()).not.toContain('{{')
    const details = screen.getByRole('region', { name: 'Our details' })
    expect(details).toHaveTextContent(DEMO_SHOP_DETAILS.legalName)
    expect(details).toHaveTextContent(DEMO_SHOP_DETAILS.vatNumber!)
    expect(within(details).getByRole('link', { name: 'shop@localhost' })).toHaveAttribute(
      'href',
      'mailto:shop@localhost',
    )
  })

  it('/terms names who sells, links the returns and privacy policies, and fills no placeholder left', async () => {
    const page = await visit('terms')
    expect(page.description).toContain(DEMO_SHOP_DETAILS.legalName)
    expect(pageText()).toContain(`VAT registration number ${DEMO_SHOP_DETAILS.vatNumber}`)
    expect(screen.getByRole('link', { name: 'returns policy' })).toHaveAttribute('href', '/returns')
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy')
    expect(pageText()).not.toContain('{{')
  })

  it('/privacy says what is kept, orders for 5 years for SARS, where to get a copy or delete, and marketing only with consent', async () => {
    await visit('privacy')
    expect(pageText()).toMatch(/Orders and tax invoices: 5 years/)
    expect(screen.getAllByRole('link', { name: 'your privacy page' })[0]).toHaveAttribute(
      'href',
      '/account/privacy',
    )
    expect(pageText()).toMatch(/only if you agree/)
    expect(pageText()).toMatch(/one-click unsubscribe/)
    expect(pageText()).not.toContain('{{')
  })

  it('show the details staff saved at /admin/settings', async () => {
    const store = await getStore()
    await store.shopDetails.save(
      {
        legalName: 'Vlei Trading CC',
        tradingName: 'Vlei',
        address: ['4 Main Road', 'Sedgefield', '6573'],
        email: 'hello@vlei.example',
        phone: '044 343 0000',
        vatNumber: null,
        registrationNumber: null,
      },
      { by: 'staff-1' },
    )
    try {
      await visit('terms')
      expect(pageText()).toContain('4 Main Road, Sedgefield, 6573')
      expect(pageText()).toContain('Vlei Trading CC (trading as Vlei), not registered for VAT')
      const details = screen.getByRole('region', { name: 'Our details' })
      expect(details).toHaveTextContent('Not registered for VAT')
      expect(details).not.toHaveTextContent(DEMO_SHOP_DETAILS.legalName)
    } finally {
      await store.shopDetails.save({ ...DEMO_SHOP_DETAILS }, { by: 'staff-1' })
    }
  })

  it('fall back to the bundled story when Storyblok has none', async () => {
    const storyblok: ContentSource = {
      kind: 'storyblok',
      story: async () => null,
      stories: async () => [],
      refresh: async () => true,
    }
    const { page } = await loadLegalStory({ source: storyblok, editor: false }, 'privacy')
    expect(page.title).toBe('Privacy policy')
  })

  it('are linked from the footer, whatever columns the layout story has', () => {
    renderRouteWithoutJs(<Footer blok={{ _uid: 'footer', component: 'footer', columns: [] }} />)
    const legal = screen.getByRole('navigation', { name: 'Legal' })
    expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Returns and refunds', '/returns'],
      ['Terms and conditions', '/terms'],
      ['Privacy policy', '/privacy'],
    ])
  })
})
