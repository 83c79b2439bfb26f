import type { ActionFunctionArgs } from '@remix-run/node'

import { ITN_BODY_LIMIT, readTextWithin } from '~/lib/http.server'
import { errorSummary, logger } from '~/lib/log.server'
import { receiveItn } from '~/lib/payfast/itn.server'
import { requestContext } from '~/lib/request-context.server'

/** How long PayFast waits for our answer at most; past this we answer and let the handling finish. */
const ANSWER_WITHIN_MS = 5_000

const empty = () => new Response(null, { status: 200 })

/**
 * POST /payfast/notify: PayFast's ITN. receiveItn checks everything (signature, source IP,
 * merchant, amount, server confirmation) and never throws; this answers 200 with an empty body
 * whatever the outcome, as PayFast expects, and never a stack trace.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    if (request.method !== 'POST')
      return new Response(null, { status: 405, headers: { Allow: 'POST' } })
    const body = await readTextWithin(request, ITN_BODY_LIMIT)
    if (body === null) {
      return new Response('Payload Too Large', { status: 413, headers: { Connection: 'close' } })
    }
    // Opening the store counts towards the answer's time too.
    const handled = requestContext(request).then(({ store }) =>
      receiveItn(store, { body, sourceIp: context.clientIp ?? '' }),
    )
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([
      handled,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, ANSWER_WITHIN_MS))),
    ])
    clearTimeout(timer)
  } catch (error) {
    logger.warn(`PayFast ITN: could not be handled: ${errorSummary(error)}`)
  }
  return empty()
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } })
}
