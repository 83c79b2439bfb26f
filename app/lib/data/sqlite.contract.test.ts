import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { describeOrderLifeContract } from '~/lib/orders/order-life.suite'
import { describeRefundsContract } from '~/lib/orders/refunds.suite'
import { describeReturnsContract } from '~/lib/orders/returns.suite'

import { describeAddressBookContract } from './contract-addresses.suite'
import { describeBobgoContract } from './contract-bobgo.suite'
import { describeConsentsContract } from './contract-consents.suite'
import { describeCustomerSearchContract } from './contract-customers.suite'
import { describeDocumentsContract } from './contract-documents.suite'
import { describeReportsContract } from './contract-reports.suite'
import { describeStoreContract, type ContractHarness } from './contract.suite'
import { describeBackOfficeOrdersContract } from './orders.suite'
import { describeBackOfficeProductsContract } from './contract-back-office-products.suite'
import { describeContentCopiesContract } from './contract-content-copies.suite'
import { describeDiscountsContract } from './contract-discounts.suite'
import { describeGiftCardsContract } from './contract-gift-cards.suite'
import { describeOutboxContract } from './contract-outbox.suite'
import { describePrivacyContract } from './contract-privacy.suite'
import { describeRateLimitContract } from './contract-rate-limits.suite'
import { describeReviewPagesContract } from './contract-review-pages.suite'
import { describeShippingContract } from './contract-shipping.suite'
import { describeShopDetailsContract } from './contract-shop-details.suite'
import { describeStockAlertsContract } from './contract-stock-alerts.suite'
import { describeCartRemindersContract } from './contract-cart-reminders.suite'
import { openStore } from './index.server'

// One temp dir for this file; each test gets its own database file inside it.
const root = mkdtempSync(path.join(tmpdir(), 'shop-contract-'))
let n = 0

const harness: ContractHarness = {
  fresh: async ({ now }) =>
    openStore({ backend: 'sqlite', dataDir: path.join(root, String(n++)), now }),
  release: (store) => store.close(),
  dispose: async () => rmSync(root, { recursive: true, force: true }),
}

describeStoreContract('sqlite', harness)
describeOutboxContract('sqlite', harness)
describeRateLimitContract('sqlite', harness)
describeBackOfficeOrdersContract('sqlite', harness)
describeOrderLifeContract('sqlite', harness)
describeReturnsContract('sqlite', harness)
describeRefundsContract('sqlite', harness)
describeBackOfficeProductsContract('sqlite', harness)
describeReviewPagesContract('sqlite', harness)
describeContentCopiesContract('sqlite', harness)
describeAddressBookContract('sqlite', harness)
describeBobgoContract('sqlite', harness)
describeShippingContract('sqlite', harness)
describeShopDetailsContract('sqlite', harness)
describeStockAlertsContract('sqlite', harness)
describeCartRemindersContract('sqlite', harness)
describeDiscountsContract('sqlite', harness)
describeGiftCardsContract('sqlite', harness)
describeDocumentsContract('sqlite', harness)
describeReportsContract('sqlite', harness)
describeCustomerSearchContract('sqlite', harness)
describePrivacyContract('sqlite', harness)
describeConsentsContract('sqlite', harness)
