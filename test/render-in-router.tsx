import { renderToString } from 'react-dom/server'
import type { RouteObject } from 'react-router-dom'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from 'react-router-dom/server'

/**
 * Server-renders routes inside a data router, as the app does (fetcher forms and loader data need
 * one), for the URL given; returns the HTML.
 */
export async function renderInRouter(
  routes: RouteObject[],
  url = 'http://shop.test/',
): Promise<string> {
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error(`unexpected ${context.status} response`)
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(<StaticRouterProvider router={router} context={context} />)
}
