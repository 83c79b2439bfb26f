import { useFormAction, useNavigation } from '@remix-run/react'

/**
 * Whether this form is being submitted right now (epic-stack's idea), for busy buttons.
 * `formAction` defaults to the current route's action; `intent` narrows it to one button's intent.
 * A no-JS post never renders as pending, so buttons stay plain without JavaScript.
 */
export function useIsPending({
  formAction,
  formMethod = 'POST',
  intent,
}: { formAction?: string; formMethod?: 'POST' | 'GET'; intent?: string } = {}) {
  const contextualAction = useFormAction()
  const navigation = useNavigation()
  if (navigation.state === 'idle') return false
  if (navigation.formMethod?.toUpperCase() !== formMethod) return false
  if (pathOf(navigation.formAction) !== pathOf(formAction ?? contextualAction)) return false
  return intent === undefined || navigation.formData?.get('intent') === intent
}

/** Compares actions by path: `/auth?intent=reset&token=...` posts to /auth. */
function pathOf(action: string | undefined) {
  return action?.split('?')[0]
}
