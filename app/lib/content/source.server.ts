import path from 'node:path'

import { remember } from '@epic-web/remember'

import type { ContentCopyStore } from '~/lib/data/store'
import { getStore } from '~/lib/data/index.server'
import { env } from '~/lib/env.server'

import { contentChanged } from './changes.server'
import { isEditorRequest } from './editor.server'
import { createFilesSource } from './files.server'
import { withLastGoodCopy, type ResilientContentSource } from './last-good-copy.server'
import { createStoryblokSource } from './storyblok.server'
import type { ContentSource } from './types'

/** Demo stories shipped with the shop: the content without Storyblok, and the shell's fallback. */
export const CONTENT_DIR = path.resolve(process.cwd(), 'content')

/** The last good copies in the current data store (tests and scripts may open another). */
const storedCopies: ContentCopyStore = {
  get: async (key) => (await getStore()).contentCopies.get(key),
  put: async (key, json, fetchedAt) => (await getStore()).contentCopies.put(key, json, fetchedAt),
}

/**
 * The content source picked once from the environment: Storyblok with a token (its last good
 * copies kept through outages and restarts, in memory and in the data store, and watched for
 * publishes and outages), else `content/`.
 */
export function contentSource(): ContentSource {
  return remember('content-source', (): ContentSource | ResilientContentSource =>
    env.storyblok.token
      ? withLastGoodCopy(
          createStoryblokSource({
            accessToken: env.storyblok.token,
            version: env.storyblok.version,
            region: env.storyblok.region,
            endpoint: env.storyblok.endpoint,
          }),
          { onChange: contentChanged, copies: storedCopies, watch: true },
        )
      : bundledSource(),
  )
}

/** The stories in `content/`, whatever the environment says. */
export function bundledSource(): ContentSource {
  return remember('content-bundled', () => createFilesSource(CONTENT_DIR))
}

/**
 * Draft content for the visual editor; the preview token is used here and never sent to browsers.
 * Never kept: the editor must see each change as it is made.
 */
function draftSource(): ContentSource {
  const previewToken = env.storyblok.previewToken
  if (!previewToken || !env.storyblok.token) return contentSource()
  return remember('content-draft-source', () =>
    createStoryblokSource({
      accessToken: previewToken,
      version: 'draft',
      region: env.storyblok.region,
      endpoint: env.storyblok.endpoint,
    }),
  )
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
