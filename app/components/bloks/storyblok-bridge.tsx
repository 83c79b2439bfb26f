import { useEffect } from 'react'

export const BRIDGE_URL = 'https://app.storyblok.com/f/storyblok-v2-latest.js'

type Bridge = { on(events: string[], callback: () => void): void }
declare global {
  interface Window {
    StoryblokBridge?: new () => Bridge
  }
}

/**
 * Storyblok's visual-editor bridge. Rendered only for requests the server verified as coming from
 * the editor, and loaded only inside the editor's iframe; a save or publish reloads the preview.
 */
export function StoryblokBridge() {
  useEffect(() => {
    if (window.self === window.top) return
    const start = () => {
      if (!window.StoryblokBridge) return
      new window.StoryblokBridge().on(['change', 'published'], () => window.location.reload())
    }
    if (window.StoryblokBridge) return start()
    const script = document.createElement('script')
    script.src = BRIDGE_URL
    script.async = true
    script.onload = start
    document.head.append(script)
  }, [])
  return null
}
