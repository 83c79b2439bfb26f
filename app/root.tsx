import { cssBundleHref } from '@remix-run/css-bundle'
import type {
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from '@remix-run/node'
import { data } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLoaderData,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'

import { LayoutBlok } from '~/components/bloks/layout-registry'
import { ScriptsAfterFirstPaint } from '~/components/scripts-after-first-paint'
import { useNonce } from '~/components/nonce'
import { usePersonal } from '~/components/personal'
import { ProgressBar } from '~/components/progress-bar'
import { SiteHeader } from '~/components/site-header'
import { FlashNotice, FlashToaster } from '~/components/toaster'
import { isChunkLoadError, reloadForFailedChunk } from '~/lib/chunk-reload'
import { loadLayout } from '~/lib/content/layout.server'
import { honeypot } from '~/lib/honeypot.server'
import { requestContext } from '~/lib/request-context.server'
import { holeMarkers, serializePersonal, type PersonalView } from '~/lib/personal'
import { loadPersonal } from '~/lib/shell.server'
// The shell's styles, imported for their effect: the compiler joins them into one stylesheet
// (cssBundleHref), one render-blocking request instead of four (docs/decisions/038).
import '~/styles/app.css'
// The announcement bar, header nav and footer bloks render on every page.
import '~/styles/content.css'
// Product cards appear on /, /shop and /liked.
import '~/styles/catalog.css'
// The header's predictive search, the mini-cart and quantity steppers, on every page.
import '~/styles/shopper.css'
// Fields, errors and buttons: the shop's forms, /shop's filters and the product page's (039).
import '~/styles/forms.css'

export const links: LinksFunction = () => [
  // The web font app.css names, fetched alongside the CSS rather than after it (the same file).
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  ...(cssBundleHref ? [{ rel: 'stylesheet', href: cssBundleHref }] : []),
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const context = await requestContext(request)
  const holes = loadContext.personalHoles
  const [layout, view, { toast, headers }] = await Promise.all([
    loadLayout(request),
    holes ? null : loadPersonal(context),
    context.flash(),
  ])
  // The public forms' honeypot (sign-up, contact) reads these (~/components/honeypot-fields).
  const honeypotInputProps = honeypot.getInputProps()
  // The visitor's counts, account and hearts (~/lib/personal), as one string: a page rendered for
  // the page cache carries a hole here that each request fills with its own visitor's.
  const personal = view ? serializePersonal(view) : holeMarkers.data(holes ?? '')
  return data({ layout, personal, toast, honeypotInputProps }, { headers })
}

export type RootLoader = typeof loader

const NOT_FOUND_TITLE = 'This page could not be found'
const ERROR_TITLE = 'Something went wrong'

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const siteName = data?.layout.siteName ?? 'Shop'
  if (!error) return [{ title: siteName }]
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return [{ title: `${notFound ? 'Page not found' : ERROR_TITLE} | ${siteName}` }]
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  // The page's scripts have taken over (React's hydration is committed): from here a button is
  // React's, not a plain HTML form's. The browser tests wait for it before they press anything.
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
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
        <ScriptsAfterFirstPaint nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const { layout, toast } = useLoaderData<typeof loader>()
  const counts = usePersonal()
  const navigation = useNavigation()
  const changingPage =
    navigation.state === 'loading' && navigation.location.pathname !== globalThis.location?.pathname

  return (
    <Shell layout={layout} counts={counts} toast={toast} pending={changingPage}>
      {changingPage ? <PageSkeleton /> : null}
      <Outlet />
    </Shell>
  )
}

type ShellData = Pick<SerializeFrom<typeof loader>, 'layout' | 'toast'> & { counts: PersonalView }

/**
 * The page around every route, error pages included: skip link, announcement, header, flash
 * message, main, footer.
 */
function Shell({
  layout,
  counts,
  toast,
  pending = false,
  className = 'main',
  children,
}: ShellData & { pending?: boolean; className?: string; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ProgressBar />
      {layout.announcement ? <LayoutBlok blok={layout.announcement} /> : null}
      <SiteHeader
        siteName={layout.siteName}
        nav={layout.header}
        counts={{
          cart: counts.cart,
          liked: counts.liked.length,
          signedIn: counts.signedIn,
          staff: counts.staff,
        }}
      />
      <FlashNotice toast={toast} />
      <main
        id="main"
        className={pending ? `${className} is-pending` : className}
        aria-busy={pending}
      >
        {children}
      </main>
      {layout.footer ? <LayoutBlok blok={layout.footer} /> : null}
      <FlashToaster toast={toast} />
    </>
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
  const counts = usePersonal()
  const notFound = isRouteErrorResponse(error) && error.status === 404

  useEffect(() => {
    if (isChunkLoadError(error)) reloadForFailedChunk()
  }, [error])

  // The page's one <title> comes from meta above; the message sits in the usual page around it.
  const message = (
    <>
      {notFound ? (
        <>
          <h1>{NOT_FOUND_TITLE}</h1>
          <p>The link may be old, or the address mistyped.</p>
        </>
      ) : (
        <>
          <h1>{ERROR_TITLE}</h1>
          <p>We could not show this page. Please try again in a moment.</p>
          {process.env.NODE_ENV === 'development' && error instanceof Error ? (
            <pre className="error-page__stack">{error.stack}</pre>
          ) : null}
        </>
      )}
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </>
  )
  if (!root) {
    // The root loader itself failed: no layout to wrap the message in, only the skip target.
    return (
      <main id="main" className="main error-page">
        {message}
      </main>
    )
  }
  return (
    <Shell layout={root.layout} counts={counts} toast={null} className="main error-page">
      {message}
    </Shell>
  )
}
