import { type SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'

import type { Store } from '~/lib/data/store'
import type { User } from '~/lib/data/types'
import { InvalidShippingSettingsError } from '~/lib/shipping/settings'
import { parseSubmission } from '~/lib/submission.server'

import { ADMIN_HEADERS } from './headers'
import { adminRedirectWithToast } from './http.server'
import { shippingFormValues, toShippingSettings } from './shipping-form'
import { shippingFormSchema } from './shipping-schema'

/**
 * /admin/shipping (docs/contracts.md "Shipping"): the table rates, default weight and collection
 * point as the form shows them, and their save, recorded with the staff member's email.
 */

export type ShippingActionData = { result: SubmissionResult<string[]> }

/** What the page shows: the settings as the form's values, and who saved them last and when. */
export async function loadShippingSettings(store: Pick<Store, 'shipping'>) {
  const settings = await store.shipping.get()
  return {
    values: shippingFormValues(settings),
    updatedAt: settings.updatedAt,
    updatedBy: settings.updatedBy,
  }
}

/**
 * Saves the posted settings whole: a 400 with each message beside its field when they do not
 * hold together, otherwise back to the page with a toast.
 */
export async function saveShippingSettings({
  store,
  formData,
  staff,
}: {
  store: Pick<Store, 'shipping'>
  formData: FormData
  staff: Pick<User, 'email'>
}) {
  const submission = parseSubmission(formData, { schema: shippingFormSchema })
  if (submission.status !== 'success') {
    return data<ShippingActionData>(
      { result: submission.reply() },
      { status: 400, headers: ADMIN_HEADERS },
    )
  }
  const settings = toShippingSettings(submission.value)
  try {
    await store.shipping.save(settings, { by: staff.email })
  } catch (error) {
    if (!(error instanceof InvalidShippingSettingsError)) throw error
    return data<ShippingActionData>(
      { result: submission.reply({ formErrors: [error.message] }) },
      { status: 400, headers: ADMIN_HEADERS },
    )
  }
  const zones = settings.zones.length
  return adminRedirectWithToast('/admin/shipping', {
    type: 'success',
    title: 'Shipping settings saved',
    description: `${zones} ${zones === 1 ? 'zone' : 'zones'}, ${
      settings.collection ? `collection from ${settings.collection.name}` : 'no collection'
    }`,
  })
}
