import type { Store } from '~/lib/data/store'
import type { ConsentEntry, ConsentSource } from '~/lib/data/types'

/*
 * Consent to marketing mail (POPIA s69; docs/contracts.md "Customers and privacy"). Nothing
 * marketing is sent to an email whose latest recorded change is not an opt-in; every change is kept
 * with its time and where it was given (sign-up, checkout, account, unsubscribe, staff).
 */

/** Whether the shop may send marketing mail to `email` now. */
export function hasMarketingConsent(store: Pick<Store, 'consents'>, email: string) {
  return store.consents.current(email)
}

/**
 * Records the customer's choice when it changes it (the same state twice is one entry); true when
 * recorded.
 */
export function recordConsent(
  store: Pick<Store, 'consents'>,
  choice: { email: string; userId: string | null; optIn: boolean; source: ConsentSource },
): Promise<boolean> {
  return store.consents.record(choice)
}

/** What /account shows: the current state and when (and where) it was last changed. */
export type ConsentState = { optIn: boolean; since: string | null; source: ConsentSource | null }

export async function consentState(
  store: Pick<Store, 'consents'>,
  email: string,
): Promise<ConsentState> {
  const history = await store.consents.history(email)
  const last: ConsentEntry | undefined = history[history.length - 1]
  return last
    ? { optIn: last.optIn, since: last.at, source: last.source }
    : { optIn: false, since: null, source: null }
}
