import { shownOnPage } from '~/lib/catalog/recently-viewed'
import type { PersonalView } from '~/lib/personal'
import { requestContext } from '~/lib/request-context.server'
import { loadPersonal } from '~/lib/shell.server'

import { hasFlash } from './anonymous.server'

/**
 * A returning shopper's view for the holes of a kept page (docs/decisions/037-personal-pages-from-the-cache.md),
 * or null when their page shows more of them than the holes hold, and so renders for them alone:
 * - a flash message (it shows once, in the page itself);
 * - on a product page, a signed-in customer (the review form holds their review, "email me when
 *   it's back" their address) or a recently viewed list with another product in it.
 * NOTE: a loader of a public page that starts reading something of the visitor must either add it
 * to PersonalView (~/lib/personal, with a hole) or add its case here.
 */
export async function personalFor(
  request: Request,
  productId: string | null,
): Promise<PersonalView | null> {
  if (hasFlash(request)) return null
  const context = await requestContext(request)
  const view = await loadPersonal(context)
  if (productId !== null) {
    if (view.signedIn) return null
    if (shownOnPage(await context.recentlyViewed(), productId).length > 0) return null
  }
  return view
}
