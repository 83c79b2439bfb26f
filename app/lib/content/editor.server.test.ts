import { createHash, createHmac } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { isEditorRequest, isValidWebhookSignature } from './editor.server'

const previewToken = 'preview-secret'
const now = Date.UTC(2025, 5, 1, 12, 0, 0)

function editorUrl({ token = previewToken, timestamp = Math.floor(now / 1000) - 60, spaceId = '12345' } = {}) {
  const signature = createHash('sha1').update(`${spaceId}:${token}:${timestamp}`).digest('hex')
  const url = new URL('https://shop.example/about_us')
  url.searchParams.set('_storyblok', '42')
  url.searchParams.set('_storyblok_tk[space_id]', spaceId)
  url.searchParams.set('_storyblok_tk[timestamp]', String(timestamp))
  url.searchParams.set('_storyblok_tk[token]', signature)
  return url
}

describe('isEditorRequest', () => {
  it('accepts a request signed with the preview token within the hour', () => {
    expect(isEditorRequest(editorUrl(), previewToken, now)).toBe(true)
  })

  it('refuses a token made with another preview token', () => {
    expect(isEditorRequest(editorUrl({ token: 'guessed' }), previewToken, now)).toBe(false)
  })

  it('refuses a tampered space id', () => {
    const url = editorUrl()
    url.searchParams.set('_storyblok_tk[space_id]', '99999')
    expect(isEditorRequest(url, previewToken, now)).toBe(false)
  })

  it('refuses a timestamp more than an hour old', () => {
    const expired = editorUrl({ timestamp: Math.floor(now / 1000) - 3601 })
    expect(isEditorRequest(expired, previewToken, now)).toBe(false)
  })

  it('refuses everything when no preview token is configured, or the parameters are missing', () => {
    expect(isEditorRequest(editorUrl(), undefined, now)).toBe(false)
    expect(isEditorRequest(new URL('https://shop.example/?_storyblok=1'), previewToken, now)).toBe(false)
  })
})

describe('isValidWebhookSignature', () => {
  const body = JSON.stringify({ action: 'published', story_id: 1, space_id: 2 })
  const signature = createHmac('sha1', 'hook-secret').update(body).digest('hex')

  it('accepts the HMAC-SHA1 of the raw body', () => {
    expect(isValidWebhookSignature(body, signature, 'hook-secret')).toBe(true)
  })

  it('refuses a wrong, missing or replayed-with-another-body signature', () => {
    expect(isValidWebhookSignature(body, signature, 'other-secret')).toBe(false)
    expect(isValidWebhookSignature(body, null, 'hook-secret')).toBe(false)
    expect(isValidWebhookSignature(`${body} `, signature, 'hook-secret')).toBe(false)
  })
})
