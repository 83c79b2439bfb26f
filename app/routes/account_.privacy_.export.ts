import type { ActionFunctionArgs } from '@remix-run/node'

import { requireUser } from '~/lib/auth/user.server'
import { exportAction } from '~/lib/customers/privacy-action.server'

/**
 * POST /account/privacy/export: the data download itself, a resource route so its answer is the
 * file as sent (a page route's action answer would be read as page data). The "Download my data"
 * form posts here; `intent=export` posted to /account/privacy is sent on here (307).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { checkRevoked: true })
  return exportAction(request, user)
}
