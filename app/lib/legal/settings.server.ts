import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'

import { ADMIN_HEADERS } from '~/lib/admin/headers'
import { adminRedirectWithToast } from '~/lib/admin/http.server'
import type { Store } from '~/lib/data/store'
import type { User } from '~/lib/data/types'
import { parseSubmission } from '~/lib/submission.server'

import { originOf, shopDetailsFormSchema, shopDetailsFormValues } from './settings-form'
import { shopDetailsFromEnv } from './shop-details.server'

export type ShopDetailsActionData = { result: SubmissionResult<string[]> }

/** /admin/settings: the details as the form shows them, and who saved them last and when. */
export async function loadShopDetailsSettings(store: Pick<Store, 'shopDetails'>) {
  const saved = await store.shopDetails.get()
  return {
    values: shopDetailsFormValues(saved ?? shopDetailsFromEnv()),
    origin: originOf(saved),
  }
}

/**
 * Saves the posted details whole, recorded with the staff member's email and the store's clock:
 * a 400 with each message beside its field when a field is wrong, otherwise back to the page with
 * a toast. Invoices issued from now on and the legal pages show them.
 */
export async function saveShopDetailsSettings({
  store,
  formData,
  staff,
}: {
  store: Pick<Store, 'shopDetails'>
  formData: FormData
  staff: Pick<User, 'email'>
}) {
  const submission = parseSubmission(formData, { schema: shopDetailsFormSchema })
  if (submission.status !== 'success') {
    return data<ShopDetailsActionData>(
      { result: submission.reply() },
      { status: 400, headers: ADMIN_HEADERS },
    )
  }
  const saved = await store.shopDetails.save(submission.value, { by: staff.email })
  return adminRedirectWithToast('/admin/settings', {
    type: 'success',
    title: 'Shop details saved',
    description: saved.vatNumber
      ? `${saved.legalName}, VAT number ${saved.vatNumber}`
      : `${saved.legalName}, not registered for VAT`,
  })
}
