import type { LinksFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { ContentPage } from '~/components/bloks/content-page'
import type { LegalPageData } from '~/lib/legal/legal-pages.server'
import legalStyles from '~/styles/legal.css'

import { ShopDetailsCard } from './shop-details-card'

/** The content pages' stylesheet and the details card's. */
export const legalLinks: LinksFunction = () => [{ rel: 'stylesheet', href: legalStyles }]

/** /returns, /terms, /privacy: the story, then the shop's details. */
export function LegalRoute() {
  const { shop, ...page } = useLoaderData<LegalPageData>()
  return (
    <>
      <ContentPage page={page} />
      <ShopDetailsCard shop={shop} />
    </>
  )
}
