import type { LoaderFunctionArgs } from '@remix-run/node'

import { ContentRoute, contentMeta } from '~/components/bloks/content-page'
import { contentHeaders } from '~/lib/content/cache'
import { contentPageResponse } from '~/lib/content/pages.server'

/** /: the home story. */
export const loader = ({ request }: LoaderFunctionArgs) => contentPageResponse(request, 'home')
export const headers = contentHeaders
export const meta = contentMeta
export default ContentRoute
