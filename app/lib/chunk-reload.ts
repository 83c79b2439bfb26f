import { nowMs } from '~/lib/clock'

const STORAGE_KEY = 'shop:chunk-reload-at'
const MIN_INTERVAL_MS = 60_000
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk \S+ failed/i

/** True when an error says a script chunk could not be loaded (a deploy replaced it, say). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return CHUNK_FAILURE.test(message)
}

/**
 * Reloads the page to pick up the new build, at most once per minute so a truly broken
 * deploy cannot loop. Returns whether it reloaded.
 */
export function reloadForFailedChunk(
  now = nowMs(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
): boolean {
  const last = Number(storage.getItem(STORAGE_KEY) ?? 0)
  if (now - last < MIN_INTERVAL_MS) return false
  storage.setItem(STORAGE_KEY, String(now))
  window.location.reload()
  return true
}

export function watchForFailedChunks() {
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadForFailedChunk()
  })
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target
      const assetUrl =
        target instanceof HTMLScriptElement
          ? target.src
          : target instanceof HTMLLinkElement
            ? target.href
            : null
      if (assetUrl !== null) {
        if (assetUrl.includes('/build/')) reloadForFailedChunk()
      } else if (isChunkLoadError(event.error)) {
        reloadForFailedChunk()
      }
    },
    true,
  )
}
