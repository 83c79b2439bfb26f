import type { Blok as BlokData } from '~/lib/content/types'

import { Article } from './article'
import { FaqItem, FaqList } from './faq'
import { FeaturedProducts } from './featured-products'
import { Hero } from './hero'
import { layoutComponents, renderRegistered, type BlokComponent } from './layout-registry'
import { LatestNews } from './latest-news'
import { Page } from './page'
import { Quotes } from './quotes'
import { RichTextBlok } from './rich-text'

/**
 * Storyblok component name -> React component. Registering a blok is one line here (a blok of the
 * layout story: in layout-registry.tsx, which the shell loads on every page).
 */
const components: Record<string, BlokComponent> = {
  ...layoutComponents,
  page: Page,
  hero: Hero,
  latest_news: LatestNews,
  faq_list: FaqList,
  faq_item: FaqItem,
  quotes: Quotes,
  rich_text: RichTextBlok,
  article: Article,
  featured_products: FeaturedProducts,
}

/** Renders one blok by its component name. */
export function Blok({ blok }: { blok: BlokData }) {
  return renderRegistered(components, blok, 'app/components/bloks/registry.tsx')
}
