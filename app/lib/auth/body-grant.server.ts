import { bodyRule, FORM_BODY_LIMIT, type BodyRule } from '~/lib/http.server'
import { errorSummary, logger } from '~/lib/log.server'

import { optionalUser } from './user.server'

/**
 * The rule the server (server.mjs) holds a request's body to, before any route reads it. The back
 * office's upload limits (10 MB for a product photo, 20 MB for a CSV import) are granted only when
 * the request's session cookie names a staff member; anyone else's upload is a form like any other,
 * refused past 1 MB, so a visitor cannot make the server hold 20 MB by naming a path.
 */
export async function requestBodyRule(
  method: string,
  path: string,
  contentType: string | undefined,
  cookie: string | undefined,
): Promise<BodyRule | null> {
  const rule = bodyRule(method, path, contentType)
  if (!rule?.staffOnly) return rule
  if (await isStaffCookie(cookie)) return { limit: rule.limit, form: rule.form }
  return { limit: FORM_BODY_LIMIT, form: true }
}

async function isStaffCookie(cookie: string | undefined): Promise<boolean> {
  if (!cookie) return false
  try {
    const user = await optionalUser(new Request('http://shop.invalid/', { headers: { cookie } }))
    return user?.staff === true
  } catch (error) {
    // The store or Firebase failing here must not answer 500: the upload is a plain form instead,
    // and the route's own guard reports the trouble.
    logger.warn(`Could not check the uploader's session: ${errorSummary(error)}`)
    return false
  }
}
