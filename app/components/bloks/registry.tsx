import type { ComponentType } from 'react'

import type { Blok as BlokData } from '~/lib/content/types'

import { AnnouncementBar } from './announcement-bar'
import { Article } from './article'
import { FaqItem, FaqList } from './faq'
import { FeaturedProducts } from './featured-products'
import { Footer } from './footer'
import { HeaderNav } from './header-nav'
import { Hero } from './hero'
import { LatestNews } from './latest-news'
import { Page } from './page'
import { Quotes } from './quotes'
import { RichTextBlok } from './rich-text'

type BlokComponent = ComponentType<{ blok: BlokData }>

/** Storyblok component name -> React component. Registering a blok is one line here. */
const components: Record<string, BlokComponent> = {
  page: Page,
  hero: Hero,
  announcement_bar: AnnouncementBar,
  header_nav: HeaderNav,
  footer: Footer,
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
  const Component = Object.hasOwn(components, blok.component)
    ? components[blok.component]
    : undefined
  if (Component) return <Component blok={blok} />
  // Visitors never see a half-built page; editors and developers see what is missing.
  if (process.env.NODE_ENV === 'production') return null
  return (
    <div className="unknown-blok" role="note">
      No component is registered for the blok <code>{blok.component}</code>. Add it to{' '}
      <code>app/components/bloks/registry.tsx</code>.
    </div>
  )
}
