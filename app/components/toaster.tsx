import { useEffect, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type * as SonnerModule from 'sonner'

import type { Toast } from '~/lib/toast'

type Sonner = typeof SonnerModule

/**
 * Shows flash messages as sonner toasts. sonner is fetched on the first toast, so pages
 * without one never download it. Without JS the FlashNotice below shows the same message.
 */
export function FlashToaster({ toast }: { toast: Toast | null }) {
  const [sonner, setSonner] = useState<Sonner | null>(null)
  const shown = useRef(new Set<string>())

  useEffect(() => {
    if (toast && !sonner) void import('sonner').then(setSonner)
  }, [toast, sonner])

  useEffect(() => {
    if (!toast || !sonner || shown.current.has(toast.id)) return
    shown.current.add(toast.id)
    const show = toast.type === 'info' ? sonner.toast.info : sonner.toast[toast.type]
    show(toast.title, { description: toast.description })
  }, [toast, sonner])

  if (!sonner) return null
  // NOTE: at the bottom, never over the sticky header's search, liked and cart links; sonner
  // stretches them across the bottom of a phone's screen.
  return (
    <sonner.Toaster
      position="bottom-right"
      duration={5000}
      visibleToasts={20}
      swipeDirections={['right', 'bottom']}
      closeButton
      richColors
    />
  )
}

/**
 * The same message inline, for browsers without JS. It is in the server's HTML; once the page
 * hydrates, the toast takes over and the notice goes. (Not <noscript>: a browser that merely
 * blocks script execution still parses noscript content as text.)
 */
export function FlashNotice({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated()
  if (!toast || hydrated) return null
  return (
    <div className={`notice notice--${toast.type}`} role="status">
      <strong>{toast.title}</strong>
      {toast.description ? <span> {toast.description}</span> : null}
    </div>
  )
}
