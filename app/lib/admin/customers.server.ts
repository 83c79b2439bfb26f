import type { PrivacyRequest } from '~/lib/data/privacy-requests'
import type { Store } from '~/lib/data/store'
import type { User } from '~/lib/data/types'
import { notFound } from '~/lib/http.server'
import { STATUS_LABELS } from '~/lib/orders/status'
import { addressLines } from '~/lib/shipping/order-shipping'

import { ADMIN_PAGE_SIZE, pageCount, pageSlice } from './paging'

/** The longest search the list takes: an email's limit (254), with room for a full name. */
export const CUSTOMER_SEARCH_MAX = 254

/** One row of /admin/customers. */
export type CustomerRow = {
  id: string
  name: string
  email: string
  createdAt: string
  staff: boolean
}

const customerRow = (user: User): CustomerRow => ({
  id: user.id,
  name: `${user.firstName} ${user.lastName}`.trim(),
  email: user.email,
  createdAt: user.createdAt,
  staff: user.staff,
})

/** A POPIA request as the back office lists it. */
export type PrivacyRequestRow = {
  id: string
  kind: PrivacyRequest['kind']
  at: string
  email: string
  /** The account's page, while the account exists; null once it is deleted (or on that page). */
  customerHref: string | null
}

/** How many of the newest POPIA requests /admin/customers lists below the customers. */
export const RECENT_PRIVACY_REQUESTS = 10

/** A request as the back office lists it: its customer's page linked while the account exists. */
async function privacyRows(
  store: Pick<Store, 'users'>,
  requests: PrivacyRequest[],
): Promise<PrivacyRequestRow[]> {
  const ids = [...new Set(requests.map((request) => request.userId))]
  const existing = new Set(
    (await Promise.all(ids.map((id) => store.users.get(id))))
      .filter((user): user is User => user !== null)
      .map((user) => user.id),
  )
  return requests.map((request) => ({
    id: request.id,
    kind: request.kind,
    at: request.at,
    email: request.email,
    customerHref: existing.has(request.userId) ? `/admin/customers/${request.userId}` : null,
  }))
}

/**
 * One page of /admin/customers: newest first, found by name or email (as the store can), and the
 * newest POPIA requests and deletions of every customer.
 */
export async function listCustomers(
  store: Pick<Store, 'users' | 'privacyRequests'>,
  query: { q: string; page: number },
) {
  const q = query.q.trim().slice(0, CUSTOMER_SEARCH_MAX)
  const [{ items, total }, requests] = await Promise.all([
    store.users.search({ ...pageSlice(query.page), q }),
    store.privacyRequests.list({ offset: 0, limit: RECENT_PRIVACY_REQUESTS }),
  ])
  return {
    customers: items.map(customerRow),
    total,
    page: query.page,
    pageCount: pageCount(total, ADMIN_PAGE_SIZE),
    q,
    privacy: { requests: await privacyRows(store, requests.items), total: requests.total },
  }
}

/** The ids the auth backends make (local: random url-safe; Firebase: its uid). */
const CUSTOMER_ID = /^[A-Za-z0-9_-]{1,128}$/

/** A customer's id from the URL; anything that cannot be one is the 404 page. */
export function customerIdOf(id: string | undefined): string {
  if (!id || !CUSTOMER_ID.test(id)) throw notFound()
  return id
}

/** The orders shown on a customer's page; the rest are a search away on /admin/orders. */
export const CUSTOMER_ORDERS_SHOWN = 50

/**
 * /admin/customers/:id: the profile, the customer's orders (newest first), their store credit with
 * its history, their marketing consent with its history and their POPIA requests (all newest
 * first). A customer who does not exist (or whose account was deleted) is the 404 page.
 */
export async function loadCustomer(
  store: Pick<Store, 'users' | 'orders' | 'storeCredit' | 'consents' | 'privacyRequests'>,
  id: string,
) {
  const user = await store.users.get(id)
  if (!user) throw notFound()
  const [orders, credit, history, consents, requests] = await Promise.all([
    store.orders.listForUser(user.id),
    store.storeCredit.get(user.id),
    store.storeCredit.history(user.id),
    store.consents.history(user.email),
    store.privacyRequests.listForUser(user.id),
  ])
  return {
    customer: {
      ...customerRow(user),
      phone: user.phone,
      address: user.address ? addressLines(user.address) : null,
      updatedAt: user.updatedAt,
    },
    orders: orders.slice(0, CUSTOMER_ORDERS_SHOWN).map((order) => ({
      id: order.id,
      createdAt: order.createdAt,
      status: order.status,
      statusLabel: STATUS_LABELS[order.status],
      totalCents: order.totalCents,
      itemCount: order.lines.reduce((n, line) => n + line.quantity, 0),
    })),
    orderCount: orders.length,
    credit: {
      balanceCents: credit.balanceCents,
      heldCents: credit.heldCents,
      history: [...history].reverse(),
    },
    consents: {
      // The latest change holds (as store.consents.current answers); none recorded is no consent.
      current: consents.at(-1)?.optIn ?? false,
      history: consents.reverse().map(({ optIn, source, at }) => ({ optIn, source, at })),
    },
    privacyRequests: requests.map((request) => ({
      id: request.id,
      kind: request.kind,
      at: request.at,
      email: request.email,
      customerHref: null,
    })),
  }
}
