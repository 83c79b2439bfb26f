import { buildRobotsTxt } from '~/lib/catalog/sitemap'
import { env } from '~/lib/env.server'

export function loader() {
  return new Response(buildRobotsTxt(env.appUrl), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    },
  })
}
