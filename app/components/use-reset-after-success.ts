import { useEffect, useRef } from 'react'

/**
 * Empties a form once its submission succeeded, with JS: the post/redirect/get leaves the same page
 * mounted, so without this the text stays in the fields. Success is a submission that finished
 * (`pending` went from true to false) without action data (`failed`): a 400 answers with data and
 * keeps what was written. Without JS the redirect loads a fresh, empty page anyway.
 *
 * NOTE: the form's native reset, not conform's `form.reset()`: that one is an intent submitted
 * through the form, and a form validated on the server only (the review form) would post it to
 * the action, which redirects, which resets again... conform listens for the native reset event
 * and starts its own state afresh too.
 */
export function useResetAfterSuccess(
  formId: string,
  { pending, failed }: { pending: boolean; failed: boolean },
) {
  const wasPending = useRef(false)
  useEffect(() => {
    if (pending) {
      wasPending.current = true
      return
    }
    if (!wasPending.current) return
    wasPending.current = false
    if (failed) return
    const form = document.getElementById(formId)
    if (form instanceof HTMLFormElement) form.reset()
  }, [pending, failed, formId])
}
