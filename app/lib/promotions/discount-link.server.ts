import { safeRedirect } from '~/lib/http.server'
import type { RequestContext } from '~/lib/request-context.server'
import { redirectWithToast } from '~/lib/toast.server'

import { tryCode } from './applied-code.server'
import { discountLabel, DISCOUNT_CODE_PATTERN, normalizeDiscountCode } from './rules'

/** Where a discount link lands when it names no page of ours: the cart, which shows the code. */
export const DISCOUNT_LINK_FALLBACK = '/cart'

/**
 * The page a discount link goes on to: `redirect` when it is a path of this shop, else the cart.
 * "//evil.example", "https://evil.example", "/\\evil.example" and anything not starting with one
 * slash all land on the cart (http.server.ts safeRedirect).
 */
export function discountLinkTarget(redirect: string | null): string {
  return safeRedirect(redirect, DISCOUNT_LINK_FALLBACK)
}

/**
 * `GET /discount/{code}?redirect=/path`: the link in a newsletter or an advert. Applies the code
 * as the cart's form does (kept in the session; a code the cart does not qualify for yet is kept
 * and the cart says why) and redirects with a toast saying it was applied, or why not in plain
 * words. Every input ends in a redirect: never an error page. Unknown codes count toward the
 * address's tries (DISCOUNT_TRIES), as the cart's form does.
 */
export async function followDiscountLink(
  context: Pick<RequestContext, 'session' | 'store' | 'clock' | 'user'>,
  code: string,
  url: URL,
  clientIp: string,
): Promise<Response> {
  const target = discountLinkTarget(url.searchParams.get('redirect'))
  const applied = await tryCode(context, code, clientIp)
  if (!applied.ok && 'tooMany' in applied) {
    return redirectWithToast(target, {
      type: 'error',
      title: 'That discount code was not applied',
      description: applied.message,
    })
  }
  if (applied.ok) {
    return redirectWithToast(
      target,
      { type: 'success', title: 'Discount applied', description: discountLabel(applied.discount) },
      { headers: applied.headers },
    )
  }
  // Name the code only when it could be one of ours: a link may carry anything.
  const shown = normalizeDiscountCode(code)
  const title = DISCOUNT_CODE_PATTERN.test(shown)
    ? `Code ${shown} was not applied`
    : 'That discount code was not applied'
  return redirectWithToast(target, {
    type: 'error',
    title,
    description: applied.refusal.message,
  })
}
