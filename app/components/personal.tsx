import { useRouteLoaderData } from '@remix-run/react'
import { createContext, Fragment, useContext, useMemo, type ReactNode } from 'react'

import {
  holeMarkers,
  parsePersonal,
  type PersonalView,
  type TextHole,
  type VariantHole,
} from '~/lib/personal'
import type { RootLoader } from '~/root'

/**
 * Set only while the server renders a page for the page cache: the random prefix of the markers
 * that stand in for the personal parts (docs/decisions/037-personal-pages-from-the-cache.md).
 * Never set in the browser or in a page rendered for one visitor.
 */
const HolesContext = createContext<string | null>(null)

export const PersonalHolesProvider = HolesContext.Provider

/** The visitor's personal view, as the root loader sent it (anonymous on a page kept for all). */
export function usePersonal(): PersonalView {
  const serialized = useRouteLoaderData<RootLoader>('root')?.personal
  return useMemo(() => parsePersonal(serialized), [serialized])
}

/** A count the page shows (`value`), or, rendered for the page cache, the hole it is filled into. */
export function usePersonalText(hole: TextHole, value: number): string {
  const prefix = useContext(HolesContext)
  return prefix === null ? String(value) : holeMarkers.text(prefix, hole)
}

/**
 * A part of the page that comes in a few variants per visitor (the account links, a heart):
 * `render(value)` for this visitor; rendered for the page cache, every variant between markers, so
 * that each request is given exactly the markup React renders for its own. NOTE: `render` must
 * return an element (never bare text), so no text node touches a marker; components inside must
 * not call useId (each variant sits at a different place in the tree than it would alone).
 */
export function PersonalVariants<V extends string>({
  hole,
  value,
  variants,
  render,
}: {
  hole: VariantHole
  value: V
  variants: readonly V[]
  render: (variant: V) => ReactNode
}) {
  const prefix = useContext(HolesContext)
  if (prefix === null) return <>{render(value)}</>
  return (
    <>
      {variants.map((variant) => (
        <Fragment key={variant}>
          {holeMarkers.variant(prefix, hole, variant)}
          {render(variant)}
        </Fragment>
      ))}
      {holeMarkers.end(prefix)}
    </>
  )
}
