import type { ActionFunction, LoaderFunction } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { createRemixStub } from '@remix-run/testing'
import { render } from '@testing-library/react'
import type { ComponentType, ReactElement } from 'react'
import { renderToString } from 'react-dom/server'

import remixConfig from '../remix.config.js'

type Options = {
  /** The address the page is rendered at (default `/`); its search params reach the page. */
  url?: string
  /** The route's path pattern when it has params (`shop/:id`); default: the url's path. */
  path?: string
  /** What the page's loader returned. */
  loaderData?: unknown
  /** The page route's action, for forms and fetchers that post to the page's own URL. */
  action?: ActionFunction
  /** What the root loader returned (`useRouteLoaderData('root')`): renders the page under a root route. */
  rootData?: unknown
  /** Resource routes the page's fetchers ask beside it (path and loader), e.g. checkout's quotes. */
  resources?: { path: string; loader: LoaderFunction }[]
}

/** The page, under a root route when it reads the root's data. */
function routesFor(page: ReactElement | ComponentType, options: Options) {
  const url = options.url ?? '/'
  const path = options.path ?? new URL(url, 'http://shop.test').pathname
  const Component = typeof page === 'function' ? page : () => page
  const { loaderData, rootData } = options
  const leaf = {
    id: 'page',
    path: rootData === undefined ? path : path.replace(/^\//, ''),
    Component,
    ...(loaderData === undefined ? {} : { loader: () => loaderData }),
    ...(options.action ? { action: options.action } : {}),
  }
  const resources = options.resources ?? []
  return rootData === undefined
    ? [leaf, ...resources]
    : [
        { id: 'root', path: '/', Component: Outlet, loader: () => rootData, children: [leaf] },
        ...resources,
      ]
}

/**
 * Renders a page component, or any element that needs the app's router around it (fetcher forms,
 * links), into the document as the browser does with JavaScript: effects run. Loader data is
 * handed over as hydration data, so the page is on screen when this returns.
 */
export function renderRoute(page: ReactElement | ComponentType, options: Options = {}) {
  return render(stub(page, options))
}

/** The page inside Remix's `createRemixStub` with the app's future flags, its loader data given as hydration data. */
function stub(page: ReactElement | ComponentType, options: Options): ReactElement {
  const hydrated: Record<string, unknown> = {}
  if (options.rootData !== undefined) hydrated.root = options.rootData
  if (options.loaderData !== undefined) hydrated.page = options.loaderData
  const Stub = createRemixStub(routesFor(page, options))
  return (
    <Stub
      initialEntries={[options.url ?? '/']}
      hydrationData={{ loaderData: hydrated }}
      future={remixConfig.future}
    />
  )
}

/**
 * Puts the server's HTML for the page into the document and runs no script: what a visitor without
 * JavaScript gets. Query it with `screen` like any render.
 */
export function renderRouteWithoutJs(page: ReactElement | ComponentType, options: Options = {}) {
  return render(<div dangerouslySetInnerHTML={{ __html: renderRouteToHtml(page, options) }} />)
}

/** The server's HTML for the page, as a string (what the page cache keeps). */
export function renderRouteToHtml(page: ReactElement | ComponentType, options: Options = {}) {
  return withoutLayoutEffectWarning(() => renderToString(stub(page, options)))
}

/**
 * NOTE: the stub's RouterProvider subscribes to the router in a layout effect, which React warns
 * about on every server render; the HTML is still the router's first state, as entry.server renders
 * it. Only that one warning is dropped: any other console.error still fails the test.
 */
function withoutLayoutEffectWarning<T>(run: () => T): T {
  const report = console.error
  console.error = (...args: unknown[]) => {
    if (String(args[0]).startsWith('Warning: useLayoutEffect does nothing on the server')) return
    report(...args)
  }
  try {
    return run()
  } finally {
    console.error = report
  }
}
