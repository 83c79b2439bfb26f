import type { ActionFunctionArgs } from '@remix-run/node'

import { contentChanged } from '~/lib/content/changes.server'
import { isValidWebhookSignature } from '~/lib/content/editor.server'
import { contentSource } from '~/lib/content/source.server'
import { env } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'

/**
 * POST /storyblok/webhook: Storyblok calls this when a story is published, unpublished, moved or
 * deleted. The cached content is dropped and the space's new cache version (`cv`) fetched, so the
 * next visitor sees the change. With STORYBLOK_WEBHOOK_SECRET set, unsigned calls are refused (in
 * production it must be set, env.server.ts). Without Storyblok there is nothing to refresh: 404.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (!env.storyblok.token) throw notFound()
  if (request.method !== 'POST')
    return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
  const body = await request.text()
  const secret = env.storyblok.webhookSecret
  if (secret && !isValidWebhookSignature(body, request.headers.get('webhook-signature'), secret)) {
    return new Response('Invalid signature', { status: 401 })
  }
  await contentSource().refresh()
  // Pages rendered from the old copies (the page cache) go before Storyblok hears back.
  contentChanged()
  return new Response('ok', {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

export function loader() {
  if (!env.storyblok.token) throw notFound()
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
}
