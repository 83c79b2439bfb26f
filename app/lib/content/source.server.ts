import path from 'node:path'

import { env } from '~/lib/env.server'

import { isEditorRequest } from './editor.server'
import { createFilesSource } from './files.server'
import { createStoryblokSource } from './storyblok.server'
import type { ContentSource } from './types'

/** Demo stories shipped with the shop, used when no Storyblok token is configured. */
export const CONTENT_DIR = path.resolve(process.cwd(), 'content')

let published: ContentSource | undefined
let draft: ContentSource | undefined

/** The content source picked once from the environment: Storyblok with a token, else `content/`. */
export function contentSource(): ContentSource {
  published ??= env.storyblok.token
    ? createStoryblokSource({
        accessToken: env.storyblok.token,
        version: env.storyblok.version,
        region: env.storyblok.region,
        endpoint: env.storyblok.endpoint,
      })
    : createFilesSource(CONTENT_DIR)
  return published
}

/** Draft content for the visual editor; the preview token is used here and never sent to browsers. */
function draftSource(): ContentSource {
  const previewToken = env.storyblok.previewToken
  if (!previewToken || !env.storyblok.token) return contentSource()
  draft ??= createStoryblokSource({
    accessToken: previewToken,
    version: 'draft',
    region: env.storyblok.region,
    endpoint: env.storyblok.endpoint,
  })
  return draft
}

export type ContentRequest = {
  source: ContentSource
  /** The request came from Storyblok's visual editor: draft content, the bridge, no caching. */
  editor: boolean
}

/** Which content a request sees: draft only for a request signed by Storyblok's editor. */
export function contentFor(request: Request): ContentRequest {
  const editor = isEditorRequest(new URL(request.url), env.storyblok.previewToken)
  return { source: editor ? draftSource() : contentSource(), editor }
}
