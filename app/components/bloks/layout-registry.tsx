import type { ComponentType } from 'react'

import type { Blok as BlokData } from '~/lib/content/types'

import { AnnouncementBar } from './announcement-bar'
import { Footer } from './footer'
import { HeaderNav } from './header-nav'

export type BlokComponent = ComponentType<{ blok: BlokData }>

/**
 * The bloks of the layout story (announcement bar, header nav, footer), which the shell renders on
 * every page. Apart from registry.tsx (every blok a page body may hold) so that pages without a
 * Storyblok body (/shop, products, the cart) do not load the hero, the carousel, rich text...
 * (docs/decisions/038-less-javascript.md).
 */
export const layoutComponents: Record<string, BlokComponent> = {
  announcement_bar: AnnouncementBar,
  header_nav: HeaderNav,
  footer: Footer,
}

/** Renders one blok of the layout story by its component name. */
export function LayoutBlok({ blok }: { blok: BlokData }) {
  return renderRegistered(layoutComponents, blok, 'app/components/bloks/layout-registry.tsx')
}

/** The registered component for `blok`, or (outside production) a note naming what is missing. */
export function renderRegistered(
  components: Record<string, BlokComponent>,
  blok: BlokData,
  registryFile: string,
) {
  const Component = Object.hasOwn(components, blok.component)
    ? components[blok.component]
    : undefined
  if (Component) return <Component blok={blok} />
  // Visitors never see a half-built page; editors and developers see what is missing.
  if (process.env.NODE_ENV === 'production') return null
  return (
    <div className="unknown-blok" role="note">
      No component is registered for the blok <code>{blok.component}</code>. Add it to{' '}
      <code>{registryFile}</code>.
    </div>
  )
}
