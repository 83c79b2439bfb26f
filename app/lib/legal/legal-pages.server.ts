import { data } from '@remix-run/node'

import { loadPageFrom, type PageData } from '~/lib/content/pages.server'
import { bundledSource, contentFor, type ContentRequest } from '~/lib/content/source.server'
import { env } from '~/lib/env.server'
import { errorSummary, logger } from '~/lib/log.server'
import { requestContext } from '~/lib/request-context.server'

import { fillPlaceholders, shopPlaceholders } from './placeholders'
import type { ShopDetails } from './shop-details'
import { loadShopDetails } from './shop-details.server'

/** The legal pages (ECTA s43): each route's path is its story's slug. */
export const LEGAL_SLUGS = ['returns', 'terms', 'privacy'] as const
export type LegalSlug = (typeof LEGAL_SLUGS)[number]

/** A legal page: its story with the shop's details filled in, and those details for the card. */
export type LegalPageData = PageData & { shop: ShopDetails }

/**
 * The legal story from the content source, or the bundled default in `content/` when the source
 * has no such story or cannot answer: an online shop must always show these pages (ECTA s43).
 */
export async function loadLegalStory(content: ContentRequest, slug: LegalSlug) {
  try {
    return await loadPageFrom(content, slug)
  } catch (error) {
    if (content.source.kind === 'files') throw error
    if (!(error instanceof Response && error.status === 404)) {
      logger.warn(`Content: /${slug} shows the bundled default: ${errorSummary(error)}`)
    }
    return loadPageFrom({ source: bundledSource(), editor: content.editor }, slug)
  }
}

/**
 * GET /returns, /terms, /privacy: the story (Storyblok's, else the bundled default) with the
 * shop's legal details (loadShopDetails) filled into its placeholders.
 */
export async function legalPageResponse(request: Request, slug: LegalSlug) {
  const [{ page, headers }, shop] = await Promise.all([
    loadLegalStory(contentFor(request), slug),
    requestContext(request).then((context) => loadShopDetails(context.store)),
  ])
  const filled = fillPlaceholders(page, shopPlaceholders(shop, env.returnWindowDays))
  return data<LegalPageData>({ ...filled, shop }, { headers })
}
