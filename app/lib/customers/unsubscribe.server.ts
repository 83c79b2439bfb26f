import { recordConsent } from '~/lib/customers/consent.server'
import { emailFromUnsubscribeToken } from '~/lib/customers/unsubscribe-token.server'
import type { Store } from '~/lib/data/store'
import {
  claimLimits,
  clientKey,
  giveBack,
  minutesFrom,
  tooManyFromHereMessage,
} from '~/lib/rate-limit.server'
import { forgetGuestCart } from '~/lib/win-back/cart-reminder.server'

/*
 * One-click unsubscribe (RFC 8058; docs/contracts.md "Customers and privacy"). `GET /unsubscribe?t=`
 * shows a confirm button; `POST /unsubscribe` with `t` in the query or the body unsubscribes at once,
 * without signing in: a mail client's one-click post (`List-Unsubscribe=One-Click`, no cookie, from
 * another site) as well as the page's own button. The signed token is the proof, so the route is
 * exempt from the cross-site check (app/lib/csrf.server.ts).
 */

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
/** Posts with a token that is not ours, per client address: nobody tries tokens by the thousand. */
export const BAD_UNSUBSCRIBES_PER_IP = { limit: 20, windowMs: 10 * MINUTE } as const
/**
 * Posts for one email: a mail provider posts each one-click unsubscribe from a few shared
 * addresses, so good tokens count against their email, never against that address.
 */
export const UNSUBSCRIBES_PER_EMAIL = { limit: 10, windowMs: HOUR } as const

export type UnsubscribePage =
  | { state: 'confirm'; email: string; token: string; subscribed: boolean }
  | { state: 'done'; email: string }
  | { state: 'invalid' }
  | { state: 'limited'; message: string }

/** What GET /unsubscribe?t= shows: the confirm button, or why the link does not work (400). */
export async function unsubscribePage(
  store: Pick<Store, 'consents'>,
  url: URL,
): Promise<{ page: UnsubscribePage; status: number }> {
  const token = url.searchParams.get('t')
  const email = emailFromUnsubscribeToken(token)
  if (!email || !token) return { page: { state: 'invalid' }, status: 400 }
  const subscribed = await store.consents.current(email)
  return { page: { state: 'confirm', email, token, subscribed }, status: 200 }
}

/** The token of a post: the query's `t`, else the body's. */
function postedToken(url: URL, form: FormData): string | null {
  const fromQuery = url.searchParams.get('t')
  if (fromQuery) return fromQuery
  const fromBody = form.get('t')
  return typeof fromBody === 'string' ? fromBody : null
}

/**
 * POST /unsubscribe: records the opt-out (source `unsubscribe`) at once and answers 200 with the
 * confirmation; a bad token 400, too many posts 429. Unsubscribing an address that was not
 * subscribed confirms the same, recording nothing.
 */
export async function unsubscribeAction({
  request,
  clientIp,
  store,
}: {
  request: Request
  clientIp: string | undefined
  store: Pick<Store, 'consents' | 'rateLimits' | 'stockAlerts' | 'carts'>
}): Promise<{ page: UnsubscribePage; status: number }> {
  const url = new URL(request.url)
  const form = await request.formData()
  const ipKey = `unsubscribe-ip:${clientKey(clientIp ?? '')}`
  // Claimed before the token is checked; a good token gives it back (like a right password).
  const claim = await claimLimits(store.rateLimits, [{ key: ipKey, ...BAD_UNSUBSCRIBES_PER_IP }])
  if (!claim.ok) {
    return {
      page: { state: 'limited', message: tooManyFromHereMessage(claim.retryAfterMs) },
      status: 429,
    }
  }
  const email = emailFromUnsubscribeToken(postedToken(url, form))
  if (!email) return { page: { state: 'invalid' }, status: 400 }
  await giveBack(store.rateLimits, claim, [ipKey])
  const perEmail = await claimLimits(store.rateLimits, [
    { key: `unsubscribe:${email}`, ...UNSUBSCRIBES_PER_EMAIL },
  ])
  if (!perEmail.ok) {
    const message = `Too many requests for this address; try again in ${minutesFrom(perEmail.retryAfterMs)}`
    return { page: { state: 'limited', message }, status: 429 }
  }
  await recordConsent(store, { email, userId: null, optIn: false, source: 'unsubscribe' })
  // At once for the win-back mail too: no waiting "back in stock" request, no kept guest cart.
  await store.stockAlerts.eraseForEmail(email)
  await forgetGuestCart(store, email)
  return { page: { state: 'done', email }, status: 200 }
}
