import { redirectWithToast } from '~/lib/toast.server'
import type { ToastInput } from '~/lib/toast'

import { ADMIN_HEADERS } from './headers'

/**
 * Post/redirect/get with a flash message, carrying the back office's headers: a redirect's own
 * headers are all a browser gets, the layout's `headers` export never sees it.
 */
export function adminRedirectWithToast(url: string, toast: ToastInput) {
  return redirectWithToast(url, toast, { headers: ADMIN_HEADERS })
}
