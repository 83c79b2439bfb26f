import { data } from '@remix-run/node'
import { getStore } from '~/lib/data/index.server'
import { redirectWithToast } from '~/lib/toast.server'

import { type FieldErrors, parseForm } from './forms.server'
import { accountFormSchema } from './schemas'
import { requireUser } from './session.server'

export type AccountActionData = {
  intent: string
  errors: FieldErrors
  values: Record<string, string>
}

export async function accountAction({ request }: { request: Request }) {
  // An account change is where a revoked Firebase session must be noticed.
  const user = await requireUser(request, { checkRevoked: true })
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  const parsed = parseForm(accountFormSchema, formData)
  if (!parsed.ok) {
    return data<AccountActionData>(
      { intent, errors: parsed.errors, values: parsed.values },
      { status: 400 },
    )
  }
  const store = await getStore()
  const form = parsed.data
  if (form.intent === 'profile') {
    await store.users.updateProfile(user.id, {
      firstName: form.firstName,
      lastName: form.lastName,
      phone: form.phone,
    })
    return redirectWithToast(request, '/account', {
      type: 'success',
      title: 'Personal details saved',
    })
  }
  const { intent: _intent, ...address } = form
  await store.users.updateAddress(user.id, address)
  return redirectWithToast(request, '/account', { type: 'success', title: 'Address saved' })
}
