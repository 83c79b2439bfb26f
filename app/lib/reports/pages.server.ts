import { data } from '@remix-run/node'

import { ADMIN_HEADERS } from '~/lib/admin/headers'
import { ADMIN_PAGE_SIZE, pageCount, pageSlice } from '~/lib/admin/paging'
import type { Clock } from '~/lib/clock'
import type { Store } from '~/lib/data/store'
import { loadShopDetails } from '~/lib/legal/shop-details.server'

import { sastDay, type DayPeriod, type PeriodPreset } from './period'
import { parsePeriodQuery, type PeriodValues } from './period-fields'
import { salesReport, vatSummary, type SalesReport, type VatSummary } from './reports.server'

/**
 * What /admin/reports and /admin/reports/vat load: the period from the query (a bad one answers
 * 400 with each field's message, the form filled in again) and the report for it.
 */

type BadPeriod = {
  ok: false
  errors: Partial<Record<'period' | 'from' | 'to', string>>
  values: PeriodValues
}
type Period = { period: DayPeriod; preset: PeriodPreset | null; values: PeriodValues }

function periodOf(url: URL, clock: Clock): Period | BadPeriod {
  const query = parsePeriodQuery(url.searchParams, sastDay(clock()))
  if (!query.ok) return { ok: false, errors: query.errors, values: query.values }
  return {
    period: query.period,
    preset: query.preset,
    values: { period: query.preset ?? '', ...query.period },
  }
}

const badPeriod = (bad: BadPeriod) => data(bad, { status: 400, headers: ADMIN_HEADERS })

export async function loadSalesReport(store: Store, clock: Clock, url: URL) {
  const asked = periodOf(url, clock)
  if ('ok' in asked) return badPeriod(asked)
  const shop = await loadShopDetails(store)
  const report: SalesReport = await salesReport(store, asked.period, {
    vatRegistered: Boolean(shop.vatNumber),
  })
  return { ok: true as const, ...asked, report }
}

export async function loadVatSummary(store: Store, clock: Clock, url: URL, page: number) {
  const asked = periodOf(url, clock)
  if ('ok' in asked) return badPeriod(asked)
  const shop = await loadShopDetails(store)
  const summary: VatSummary = await vatSummary(store, asked.period, {
    vatRegistered: Boolean(shop.vatNumber),
    ...pageSlice(page),
  })
  return {
    ok: true as const,
    ...asked,
    summary,
    page,
    pageCount: pageCount(summary.documentCount, ADMIN_PAGE_SIZE),
  }
}
