import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import {
  Form,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
  useSearchParams,
} from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { HoneypotProvider } from 'remix-utils/honeypot/react'

import { Blok } from '~/components/bloks/registry'
import { Link } from '~/components/link'
import { useNonce } from '~/components/nonce'
import { ProgressBar } from '~/components/progress-bar'
import { FlashNotice, FlashToaster } from '~/components/toaster'
import { isChunkLoadError, reloadForFailedChunk } from '~/lib/chunk-reload'
import { loadLayout } from '~/lib/content/layout.server'
import { honeypot } from '~/lib/honeypot.server'
import { loadShellCounts } from '~/lib/shell.server'
import { getToast } from '~/lib/toast.server'
import styles from '~/styles/app.css'
import catalogStyles from '~/styles/catalog.css'
import contentStyles from '~/styles/content.css'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  // The announcement bar, header nav and footer bloks render on every page.
  { rel: 'stylesheet', href: contentStyles },
  // Product cards appear on /, /shop and /liked.
  { rel: 'stylesheet', href: catalogStyles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const [layout, counts, { toast, headers }] = await Promise.all([
    loadLayout(request),
    loadShellCounts(request),
    getToast(request),
  ])
  // The public forms' honeypot (sign-up, contact) reads these through HoneypotProvider below.
  const honeypotInputProps = honeypot.getInputProps()
  return data({ layout, counts, toast, honeypotInputProps }, { headers })
}

export type RootLoader = typeof loader

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.layout.siteName ?? 'Shop' },
]

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const { layout, counts, toast, honeypotInputProps } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const changingPage =
    navigation.state === 'loading' && navigation.location.pathname !== globalThis.location?.pathname

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ProgressBar />
      {layout.announcement ? <Blok blok={layout.announcement} /> : null}
      <SiteHeader siteName={layout.siteName} nav={layout.header} counts={counts} />
      <FlashNotice toast={toast} />
      <main
        id="main"
        className={changingPage ? 'main is-pending' : 'main'}
        aria-busy={changingPage}
      >
        {changingPage ? <PageSkeleton /> : null}
        <HoneypotProvider {...honeypotInputProps}>
          <Outlet />
        </HoneypotProvider>
      </main>
      {layout.footer ? <Blok blok={layout.footer} /> : null}
      <FlashToaster toast={toast} />
    </>
  )
}

function SiteHeader({
  siteName,
  nav,
  counts,
}: {
  siteName: string
  nav: Parameters<typeof Blok>[0]['blok'] | null
  counts: { cart: number; liked: number; signedIn: boolean }
}) {
  const [params] = useSearchParams()
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand">
          {siteName}
        </Link>
        {nav ? <Blok blok={nav} /> : null}
        <Form method="get" action="/shop" role="search" className="site-search">
          <label htmlFor="site-search-q" className="visually-hidden">
            Search products
          </label>
          <input
            id="site-search-q"
            type="search"
            name="q"
            placeholder="Search products"
            defaultValue={params.get('q') ?? ''}
          />
          <button type="submit">Search</button>
        </Form>
        <nav aria-label="Your shop" className="site-header__mine">
          <Link to="/liked">
            Liked{' '}
            <span className="badge" aria-label={`${counts.liked} liked products`}>
              {counts.liked}
            </span>
          </Link>
          <Link to="/cart">
            Cart{' '}
            <span className="badge" aria-label={`${counts.cart} items in cart`}>
              {counts.cart}
            </span>
          </Link>
          <Link to="/account">{counts.signedIn ? 'Account' : 'Sign in'}</Link>
        </nav>
      </div>
    </header>
  )
}

function PageSkeleton() {
  return (
    <div className="page-skeleton" aria-hidden="true">
      <div className="skeleton skeleton--title" />
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--line" />
      <div className="skeleton-grid">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="skeleton skeleton--card" />
        ))}
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const root = useRouteLoaderData<typeof loader>('root')
  const notFound = isRouteErrorResponse(error) && error.status === 404

  useEffect(() => {
    if (isChunkLoadError(error)) reloadForFailedChunk()
  }, [error])

  return (
    <>
      {root ? (
        <SiteHeader siteName={root.layout.siteName} nav={root.layout.header} counts={root.counts} />
      ) : null}
      <main id="main" className="main error-page">
        {notFound ? (
          <>
            <title>Page not found</title>
            <h1>This page could not be found</h1>
            <p>The link may be old, or the address mistyped.</p>
          </>
        ) : (
          <>
            <title>Something went wrong</title>
            <h1>Something went wrong</h1>
            <p>We could not show this page. Please try again in a moment.</p>
            {process.env.NODE_ENV === 'development' && error instanceof Error ? (
              <pre className="error-page__stack">{error.stack}</pre>
            ) : null}
          </>
        )}
        <p>
          <a href="/">Back to the home page</a>
        </p>
      </main>
    </>
  )
}
