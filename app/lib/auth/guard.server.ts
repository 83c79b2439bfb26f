import type { Guard } from '~/lib/guards.server'

import { requireUserId } from './session.server'

/** The `authenticated` route guard: a visitor is sent to /auth?redirectTo=<path+search>. */
export const authenticated: Guard = async ({ request }) => {
  await requireUserId(request)
}
