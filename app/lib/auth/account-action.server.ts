import { data } from '@remix-run/node'
import { z } from 'zod'

import { getStore } from '~/lib/data/index.server'
import { redirectWithToast } from '~/lib/toast.server'

import { personalInfoSchema, saAddressSchema } from './address'
import { type FieldErrors, parseForm } from './forms.server'
import { requireUser } from './session.server'

/** The one schema of the /account page: `intent` tells the two forms apart. */
export const accountFormSchema = z.discriminatedUnion('intent', [
  personalInfoSchema.extend({ intent: z.literal('profile') }),
  saAddressSchema.extend({ intent: z.literal('address') }),
])

export type AccountActionData = { intent: string; errors: FieldErrors; values: Record<string, string> }

export async function accountAction({ request }: { request: Request }) {
  // An account change is where a revoked Firebase session must be noticed.
  const user = await requireUser(request, { checkRevoked: true })
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  const parsed = parseForm(accountFormSchema, formData)
  if (!parsed.ok) {
    return data<AccountActionData>({ intent, errors: parsed.errors, values: parsed.values }, { status: 400 })
  }
  const store = await getStore()
  const form = parsed.data
  if (form.intent === 'profile') {
    await store.users.updateProfile(user.id, { firstName: form.firstName, lastName: form.lastName, phone: form.phone })
    return redirectWithToast(request, '/account', { type: 'success', title: 'Personal details saved' })
  }
  const { intent: _intent, ...address } = form
  await store.users.updateAddress(user.id, address)
  return redirectWithToast(request, '/account', { type: 'success', title: 'Address saved' })
}
