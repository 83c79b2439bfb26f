import type { LoaderFunctionArgs } from '@remix-run/node'

import { contentMeta } from '~/components/bloks/content-page'
import { legalLinks, LegalRoute } from '~/components/legal/legal-page'
import { contentHeaders } from '~/lib/content/cache'
import { legalPageResponse } from '~/lib/legal/legal-pages.server'

/** /terms: the terms and conditions, from the `terms` story (bundled default in content/). */
export const loader = ({ request }: LoaderFunctionArgs) => legalPageResponse(request, 'terms')
export const headers = contentHeaders
export const links = legalLinks
export const meta = contentMeta
export default LegalRoute
