import type { ActionFunctionArgs } from '@remix-run/node'

import { env } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'
import { sentItns } from '~/lib/payfast/simulator.server'

// The simulator's stand-in for PayFast's server confirmation: VALID only for an ITN parameter
// string it sent itself (docs/decisions/004-payfast.md).

const TEXT = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }

export async function loader() {
  if (env.payfast.mode !== 'simulator') throw notFound()
  return new Response('POST an ITN parameter string to confirm it.', {
    status: 405,
    headers: { ...TEXT, Allow: 'POST' },
  })
}

export async function action({ request }: ActionFunctionArgs) {
  if (env.payfast.mode !== 'simulator') throw notFound()
  if (request.method !== 'POST') {
    return new Response('Method Not Allowed', { status: 405, headers: { ...TEXT, Allow: 'POST' } })
  }
  return new Response(sentItns.answer(await request.text()), { headers: TEXT })
}
