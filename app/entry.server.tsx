import { PassThrough } from 'node:stream'

import type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  LoaderFunctionArgs,
} from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer, isRouteErrorResponse } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'

import { NonceProvider } from '~/components/nonce'
import { PersonalHolesProvider } from '~/components/personal'
import { getCatalog } from '~/lib/catalog/catalog.server'
import '~/lib/context'
import { errorSummary, logger } from '~/lib/log.server'
import { runMailSender } from '~/lib/mail/mail.server'
import { inJobScope } from '~/lib/request-scope.server'
import { runBobgoSync } from '~/lib/shipping/bobgo-sync.server'
import { runWinBackJob } from '~/lib/win-back/job.server'

// The server (server.mjs) reads these from the build: one parse of the environment, one CSRF rule.
export { env } from '~/lib/env.server'
export { crossSiteRefusal, loopbackTwinRedirect } from '~/lib/csrf.server'
export { errorSummary, logger } from '~/lib/log.server'
export { routeMatcher } from '~/lib/metrics/metrics.server'
export { requestLogging } from '~/lib/request-log.server'
export { helmetOptions } from '~/lib/headers.server'
export { formBodyRefusal, isWellFormedPath } from '~/lib/http.server'
export { requestBodyRule } from '~/lib/auth/body-grant.server'
export { stopMailSender } from '~/lib/mail/mail.server'
export { stopBobgoSync } from '~/lib/shipping/bobgo-sync.server'
export { stopWinBackJob } from '~/lib/win-back/job.server'
export { keptPage, servePage } from '~/lib/page-cache/index.server'

// Each start-up runs in its job's scope (request-scope.server.ts): its lines, and those of whatever
// it starts, name the job.
// Build the in-memory catalogue index at start-up, not on the first shopper's request.
void inJobScope('catalogue-index', () =>
  getCatalog().catch((error: unknown) =>
    logger.error(`Catalogue index failed to build: ${errorSummary(error)}`),
  ),
)
// Deliver the outbox from this process: what is due now, then as mail falls due (once per process;
// without SMTP_URL mail waits in the outbox).
void inJobScope('mail-sender', () =>
  runMailSender().catch((error: unknown) =>
    logger.error(`Mail sender failed to start: ${errorSummary(error)}`),
  ),
)
// Send paid orders to Bob Go and reconcile their shipments hourly, from this process (once per
// process; nothing starts without BOBGO_API_KEY).
void inJobScope('bobgo-sync', () =>
  runBobgoSync().catch((error: unknown) =>
    logger.error(`Bob Go sync failed to start: ${errorSummary(error)}`),
  ),
)
// Write the mail that brings customers back (back in stock) into the outbox, from this process
// (once per process; claimed in the store, so instances never mail one request twice).
void inJobScope('win-back', () =>
  runWinBackJob().catch((error: unknown) =>
    logger.error(`Win-back mail job failed to start: ${errorSummary(error)}`),
  ),
)

const ABORT_DELAY = 5_000
export const streamTimeout = ABORT_DELAY

const BARE_ERROR_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p><a href="/">Back to the home page</a></p></main></body></html>`

/**
 * Remix's answer to a non-GET request for a page without an action (its own 405 error response),
 * in place of an error page that would say "Something went wrong". server.mjs answers the same for
 * a resource route without an action, which Remix answers itself with "Unexpected Server Error".
 */
export function methodNotAllowed() {
  return new Response('Method Not Allowed: this page takes no form posts.', {
    status: 405,
    statusText: 'Method Not Allowed',
    headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
  })
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (responseStatusCode === 405) return methodNotAllowed()
  const nonce = loadContext.cspNonce ?? ''
  // Bots and no-JS clients get the whole document at once, and so does a page the page cache may
  // keep for every visitor; browsers get it streamed.
  const waitForAll =
    loadContext.wholeDocument === true || isbot(request.headers.get('user-agent') ?? '')
  return new Promise<Response>((resolve) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <PersonalHolesProvider value={loadContext.personalHoles ?? null}>
          <RemixServer
            context={remixContext}
            url={request.url}
            abortDelay={ABORT_DELAY}
            nonce={nonce}
          />
        </PersonalHolesProvider>
      </NonceProvider>,
      {
        // React's own inline scripts (streamed Suspense boundaries) carry the nonce too.
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          // The error page itself failed: answer with a bare document that still leads home.
          logger.error(`The error page failed to render: ${errorSummary(error)}`)
          resolve(
            new Response(BARE_ERROR_PAGE, {
              status: 500,
              headers: { 'Content-Type': 'text/html; charset=utf-8' },
            }),
          )
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors inside the shell are reported by onShellError; log the rest once.
          if (shellRendered) logger.error(`Rendering failed: ${errorSummary(error)}`)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY + 1_000)
  })
}

/** The same for a page's single-fetch data request (`/about_us.data`). */
export function handleDataRequest(response: Response) {
  return response.status === 405 ? methodNotAllowed() : response
}

/**
 * Logs server errors once, without the noise of aborted requests or of the client errors Remix
 * answers itself (a 405 for a post to a page without an action, a 404 for a data request no route
 * matches): those are the visitor's mistake, not the shop's.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return
  if (error instanceof Response) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  const url = new URL(request.url)
  logger.error(`${request.method} ${url.pathname} failed: ${errorSummary(error)}`)
}
