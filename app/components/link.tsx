import {
  Link as RemixLink,
  NavLink as RemixNavLink,
  type LinkProps,
  type NavLinkProps,
} from '@remix-run/react'
import { forwardRef, useSyncExternalStore } from 'react'

type Connection = {
  saveData?: boolean
  effectiveType?: string
  addEventListener?: (t: string, f: () => void) => void
  removeEventListener?: (t: string, f: () => void) => void
}

function connection(): Connection | undefined {
  return (navigator as Navigator & { connection?: Connection }).connection
}

function subscribe(onChange: () => void) {
  const c = typeof navigator === 'undefined' ? undefined : connection()
  c?.addEventListener?.('change', onChange)
  return () => c?.removeEventListener?.('change', onChange)
}

/** Prefetch on intent, except on 2g or data-saver connections (and never during SSR). */
export function usePrefetch(): 'intent' | 'none' {
  return useSyncExternalStore(
    subscribe,
    () => {
      const c = connection()
      return c?.saveData || c?.effectiveType === '2g' || c?.effectiveType === 'slow-2g'
        ? 'none'
        : 'intent'
    },
    () => 'none',
  )
}

/** Remix's Link with the shop's prefetch policy. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const prefetch = usePrefetch()
  return <RemixLink ref={ref} prefetch={prefetch} {...props} />
})

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  const prefetch = usePrefetch()
  return <RemixNavLink ref={ref} prefetch={prefetch} {...props} />
})
