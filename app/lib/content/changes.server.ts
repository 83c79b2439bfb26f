import { remember } from '@epic-web/remember'

import { errorSummary, logger } from '~/lib/log.server'

type Listener = () => void

// Remembered, so listeners registered before a `remix dev` rebuild still hear later publishes.
const listeners = remember('content-change-listeners', () => new Set<Listener>())

/** Calls back whenever published content changed (the page cache empties itself). */
export function onContentChange(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Tells every listener that published content changed; one that throws does not stop the rest. */
export function contentChanged(): void {
  for (const listener of [...listeners]) {
    try {
      listener()
    } catch (error) {
      logger.error(`A content change listener failed: ${errorSummary(error)}`)
    }
  }
}
