import { Scripts } from '@remix-run/react'
import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'

// Server-only: the browser bundle gets an empty module (Remix renders that script empty there).
import { deferModuleScript } from '~/lib/scripts-after-first-paint.server'

type ScriptsProps = Parameters<typeof Scripts>[0]
type ElementProps = {
  rel?: unknown
  href?: unknown
  type?: unknown
  children?: ReactNode
  dangerouslySetInnerHTML?: { __html?: unknown }
}

/**
 * Remix's `<Scripts>`, with the page's modules fetched after the first paint rather than while the
 * document is parsed (docs/decisions/039). Remix writes a `<link rel="modulepreload">` per module
 * (about 25) and a module script whose static imports start at once; on a slow link they share it
 * with the stylesheet, the font and the pictures the first paint waits for, which every page shows
 * without them (the shop works without JavaScript).
 * Here the links are left out and the module script's imports wait for the first contentful paint,
 * then preload the same modules and run as before. Server and browser render the same elements
 * (the links are left out on both), so hydration matches. A module script this does not recognise
 * is left as Remix wrote it: its imports then load the page without the preloads' head start.
 * (In the browser, Remix renders that script empty: it has run already.)
 */
export function ScriptsAfterFirstPaint(props: ScriptsProps) {
  // Remix's own element tree for this render (its hooks run as part of this component's).
  const scripts = Scripts(props)
  if (!scripts) return null
  const preloads: string[] = []
  collectPreloads(scripts, preloads)
  return rewrite(scripts, preloads)
}

function collectPreloads(node: ReactNode, into: string[]) {
  if (Array.isArray(node)) return node.forEach((child: ReactNode) => collectPreloads(child, into))
  if (!isValidElement<ElementProps>(node)) return
  const { rel, href, children } = node.props
  if (node.type === 'link' && rel === 'modulepreload' && typeof href === 'string') into.push(href)
  else if (node.type === Fragment) collectPreloads(children, into)
}

function rewrite(node: ReactNode, preloads: string[]): ReactNode {
  if (Array.isArray(node)) return node.map((child: ReactNode) => rewrite(child, preloads))
  if (!isValidElement<ElementProps>(node)) return node
  const { rel, type, children, dangerouslySetInnerHTML } = node.props
  if (node.type === 'link' && rel === 'modulepreload') return null
  if (node.type === 'script' && type === 'module') {
    const text = dangerouslySetInnerHTML?.__html
    const onServer = typeof document === 'undefined'
    const deferred = onServer && typeof text === 'string' ? deferModuleScript(text, preloads) : null
    if (!deferred) return node
    return cloneElement(node as ReactElement<ElementProps>, {
      dangerouslySetInnerHTML: { __html: deferred },
    })
  }
  if (node.type === Fragment) {
    const inner = rewrite(children, preloads)
    // Spread as Remix passed them, so the children keep their places (and keys).
    return cloneElement(node, undefined, ...(Array.isArray(inner) ? inner : [inner]))
  }
  return node
}
