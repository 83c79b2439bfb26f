import type { Store } from '~/lib/data/store'
import type { ConsentEntry, User } from '~/lib/data/types'
import { parseSastInstant } from '~/lib/promotions/sast'

import type { CsvExport, CsvValue, Exporter, ExportPeriod } from './export.server'

/**
 * The customers export (`/admin/export/customers.csv?from=&to=`): the accounts created in the
 * period (South African days, both included), newest first, CUSTOMERS_PAGE at a time. The
 * marketing columns are filled only for a customer whose latest recorded choice is an opt-in
 * (docs/contracts.md "Marketing consent"); for everyone else they stay empty.
 */

export const CUSTOMERS_PAGE = 200

export const CUSTOMER_COLUMNS = [
  'customer_id',
  'created_at',
  'first_name',
  'last_name',
  'email',
  'phone',
  'city',
  'province',
  'marketing_opt_in',
  'marketing_opt_in_since',
  'marketing_opt_in_source',
] as const

const SAST_OFFSET_MS = 2 * 60 * 60 * 1000

/** `2026-11-28T08:05:00.000Z` -> `2026-11-28 10:05`, South African time. */
export function sastDateTime(iso: string): string {
  return new Date(Date.parse(iso) + SAST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')
}

/** The customer's row; `latest` is their latest consent change, if any. */
export function customerRow(user: User, latest: ConsentEntry | undefined): CsvValue[] {
  const consent = latest?.optIn ? latest : null
  return [
    user.id,
    sastDateTime(user.createdAt),
    user.firstName,
    user.lastName,
    user.email,
    user.phone,
    user.address?.city ?? null,
    user.address?.province ?? null,
    consent ? 'yes' : null,
    consent ? sastDateTime(consent.at) : null,
    consent ? consent.source : null,
  ]
}

async function* customerRows(store: Store, period: ExportPeriod): AsyncIterable<CsvValue[]> {
  const from = parseSastInstant(period.from, 'start')
  const until = parseSastInstant(period.to, 'end')
  for (let offset = 0; ; offset += CUSTOMERS_PAGE) {
    const page = await store.users.search({ offset, limit: CUSTOMERS_PAGE })
    const inPeriod = page.items.filter(
      (user) => (!from || user.createdAt >= from) && (!until || user.createdAt < until),
    )
    const histories = await Promise.all(inPeriod.map((user) => store.consents.history(user.email)))
    for (const [i, user] of inPeriod.entries()) {
      yield customerRow(user, histories[i]!.at(-1))
    }
    const oldest = page.items.at(-1)
    // Newest first: once a page reaches back before the period, no later page is in it.
    if (page.items.length < CUSTOMERS_PAGE || (from && oldest && oldest.createdAt < from)) return
  }
}

export const customersExport: Exporter = (store, period): CsvExport => ({
  filename: `customers-${period.from}-to-${period.to}.csv`,
  columns: CUSTOMER_COLUMNS,
  rows: customerRows(store, period),
})
