import type { ReactNode } from 'react'

/**
 * A table too wide for a phone scrolls sideways inside this box, never the page. The box is a
 * named region that takes focus, so keyboard users can scroll it too (axe's
 * scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard to be scrolled
    <div role="region" aria-label={label} tabIndex={0} className="table-scroll">
      {children}
    </div>
  )
}
