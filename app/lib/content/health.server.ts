import type { ContentSource } from './types'
import { isResilient } from './last-good-copy.server'
import { layoutFallbackSince } from './layout.server'
import { contentSource } from './source.server'

/**
 * How content is being served, for /healthz: null when all is well, else one line naming what is
 * degraded. Reads in-memory state only, so a health check never calls Storyblok: the content
 * source keeps that state current by looking at Storyblok on its own timer.
 */
export function contentDegradation(source: ContentSource = contentSource()): string | null {
  const health = isResilient(source) ? source.health() : null
  const layoutSince = layoutFallbackSince()
  if (layoutSince) {
    return `content: degraded (shell on the bundled layout since ${layoutSince.toISOString()}${health?.degraded ? `; ${health.reason}` : ''})`
  }
  if (health?.degraded) {
    return `content: degraded (serving last good copy since ${health.since.toISOString()}; ${health.reason})`
  }
  return null
}
