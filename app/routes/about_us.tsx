import type { LoaderFunctionArgs } from '@remix-run/node'

import { ContentRoute, contentMeta } from '~/components/bloks/content-page'
import { contentHeaders } from '~/lib/content/cache'
import { contentPageResponse } from '~/lib/content/pages.server'

/** /about_us: the about-us story. */
export const loader = ({ request }: LoaderFunctionArgs) => contentPageResponse(request, 'about-us')
export const headers = contentHeaders
export const meta = contentMeta
export default ContentRoute
