import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { nowMs as clockMs } from '~/lib/clock'

const MAX_AGE_SECONDS = 60 * 60

/**
 * True only for a request Storyblok's visual editor made: it signs the preview URL with
 * `_storyblok_tk[token] = sha1(space_id:preview_token:timestamp)`, and the signature is good for an
 * hour. Anyone else gets published content, whatever else the URL says.
 */
export function isEditorRequest(
  url: URL,
  previewToken: string | undefined,
  nowMs: number = clockMs(),
): boolean {
  if (!previewToken) return false
  const spaceId = url.searchParams.get('_storyblok_tk[space_id]')
  const timestamp = url.searchParams.get('_storyblok_tk[timestamp]')
  const token = url.searchParams.get('_storyblok_tk[token]')
  if (!spaceId || !timestamp || !token || !/^\d+$/.test(timestamp)) return false
  const age = nowMs / 1000 - Number(timestamp)
  // A little clock skew into the future is tolerated; older than an hour is not.
  if (age > MAX_AGE_SECONDS || age < -60) return false
  const expected = createHash('sha1').update(`${spaceId}:${previewToken}:${timestamp}`).digest('hex')
  return safeEqualHex(token, expected)
}

/** Storyblok signs each webhook body with HMAC-SHA1 (hex) of the raw body under the webhook secret. */
export function isValidWebhookSignature(rawBody: string, signature: string | null, secret: string) {
  if (!signature) return false
  const expected = createHmac('sha1', secret).update(rawBody).digest('hex')
  return safeEqualHex(signature.trim(), expected)
}

function safeEqualHex(given: string, expected: string) {
  const a = Buffer.from(given.toLowerCase())
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
