import type { User } from '~/lib/data/types'
import { notFound } from '~/lib/http.server'

import { requireUser } from './user.server'

/**
 * The back office's guard, on the first line of every /admin loader and action: the signed-in staff
 * member. A visitor is redirected to /auth?redirectTo=<path+search>; a customer without the role
 * gets the 404 page, so the back office does not announce itself. The user record is read from
 * the store on every request, so a revoked role takes effect on the next one.
 */
export async function requireStaff(request: Request): Promise<User> {
  const user = await requireUser(request)
  if (!user.staff) throw notFound()
  return user
}
