import { type SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'

import { getAuth } from '~/lib/auth/index.server'
import { getSessionId, requireUser } from '~/lib/auth/user.server'
import { recordConsent } from '~/lib/customers/consent.server'
import { requestContext } from '~/lib/request-context.server'
import { saveDefaultAddress } from '~/lib/shipping/address-book.server'
import { parseSubmission } from '~/lib/submission.server'
import { redirectWithToast } from '~/lib/toast.server'

import { accountFormSchema } from './schema'

export type AccountActionData = {
  /** Which of the page's forms the reply belongs to. */
  intent: 'profile' | 'address' | 'signout-others' | 'marketing' | null
  result: SubmissionResult<string[]>
}

export async function accountAction({ request }: { request: Request }) {
  // An account change is where a revoked Firebase session must be noticed.
  const user = await requireUser(request, { checkRevoked: true })
  const formData = await request.formData()
  const intent = formData.get('intent')
  const submission = parseSubmission(formData, { schema: accountFormSchema })
  if (submission.status !== 'success') {
    return data<AccountActionData>(
      {
        intent:
          intent === 'profile' ||
          intent === 'address' ||
          intent === 'signout-others' ||
          intent === 'marketing'
            ? intent
            : null,
        result: submission.reply(),
      },
      { status: 400 },
    )
  }
  const { store } = await requestContext(request)
  const form = submission.value
  if (form.intent === 'profile') {
    await store.users.updateProfile(user.id, {
      firstName: form.firstName,
      lastName: form.lastName,
      phone: form.phone,
    })
    return redirectWithToast('/account', {
      type: 'success',
      title: 'Personal details saved',
    })
  }
  if (form.intent === 'signout-others') {
    const sessionId = await getSessionId(request)
    const ended = sessionId ? await (await getAuth(store)).signOutOthers(sessionId) : 0
    return redirectWithToast('/account', {
      type: 'success',
      title: 'Signed out everywhere else',
      description:
        ended === 1 ? '1 other device was signed out.' : `${ended} other devices were signed out.`,
    })
  }
  if (form.intent === 'marketing') {
    // Recorded only when it changes the choice: saving the same state twice is one entry.
    await recordConsent(store, {
      email: user.email,
      userId: user.id,
      optIn: form.marketingOptIn,
      source: 'account',
    })
    return redirectWithToast('/account', {
      type: 'success',
      title: form.marketingOptIn ? 'You will get our news and offers' : 'No more news and offers',
      description: form.marketingOptIn
        ? 'Every one of them has a link to unsubscribe in one click.'
        : 'Emails about your orders still arrive.',
    })
  }
  // The address of /account is the default of the address book.
  const { intent: _intent, ...address } = form
  await saveDefaultAddress(store, user, address)
  return redirectWithToast('/account', { type: 'success', title: 'Address saved' })
}
