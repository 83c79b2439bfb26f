import type { ActionFunctionArgs } from '@remix-run/node'

import { env } from '~/lib/env.server'
import { notFound, readTextWithin } from '~/lib/http.server'
import { processBobgoDeps } from '~/lib/shipping/bobgo-sync.server'
import { BOBGO_WEBHOOK_BODY_LIMIT, receiveBobgoWebhook } from '~/lib/shipping/bobgo-webhook.server'

const text = (status: number, body: string) =>
  new Response(body, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })

/**
 * POST /bobgo/webhook: Bob Go's fulfilment and tracking events, signed with BOBGO_WEBHOOK_SECRET
 * (Bobgo-Webhook-Signature). 403 unsigned (nothing done), 400 malformed, 200 done or already done
 * or an order that is not ours, 503 when Bob Go's fulfilments cannot be read (Bob Go retries).
 * Without Bob Go configured there is no such page.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (!env.bobgo) throw notFound()
  if (request.method !== 'POST') {
    return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
  }
  const rawBody = await readTextWithin(request, BOBGO_WEBHOOK_BODY_LIMIT)
  if (rawBody === null) return text(413, 'Payload Too Large')
  const deps = await processBobgoDeps()
  if (!deps) throw notFound()
  const answer = await receiveBobgoWebhook(
    { rawBody, signature: request.headers.get('bobgo-webhook-signature') },
    { ...deps, secret: env.bobgo.webhookSecret },
  )
  return text(answer.status, answer.message)
}

export function loader() {
  if (!env.bobgo) throw notFound()
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
}
