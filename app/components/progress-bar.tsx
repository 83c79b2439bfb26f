import { useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'

const SHOW_AFTER_MS = 200
const HIDE_AFTER_MS = 500

/**
 * A 0-100 bar across the top while a navigation or form submission is pending. It appears only
 * when the wait passes 200 ms (quick navigations show nothing) and fades 500 ms after completion.
 */
export function ProgressBar() {
  const busy = useNavigation().state !== 'idle'
  const [progress, setProgress] = useState<number | null>(null)

  useEffect(() => {
    if (busy) {
      const show = setTimeout(() => setProgress(20), SHOW_AFTER_MS)
      const creep = setInterval(
        () => setProgress((p) => (p === null ? p : Math.min(90, p + (90 - p) * 0.15))),
        SHOW_AFTER_MS,
      )
      return () => {
        clearTimeout(show)
        clearInterval(creep)
      }
    }
    const complete = setTimeout(() => setProgress((p) => (p === null ? null : 100)), 0)
    const hide = setTimeout(() => setProgress(null), HIDE_AFTER_MS)
    return () => {
      clearTimeout(complete)
      clearTimeout(hide)
    }
  }, [busy])

  if (progress === null) return null
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label="Loading page"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
    >
      <div className="progress-bar__fill" style={{ transform: `scaleX(${progress / 100})` }} />
    </div>
  )
}
