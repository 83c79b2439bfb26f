import type { ShopDetails } from '~/lib/legal/shop-details'

import type { ShopDetailsStore } from '../store'
import type { SqliteContext } from './context.server'

type DetailsRow = { details: string; updated_at: string; updated_by: string }

/** The details are one row (id 1) holding them as JSON, written whole by each save. */
export function createShopDetailsStore(context: SqliteContext): ShopDetailsStore {
  const { db } = context
  const select = db.prepare<[], DetailsRow>(
    'SELECT details, updated_at, updated_by FROM shop_details WHERE id = 1',
  )
  const upsert = db.prepare<[string, string, string]>(
    `INSERT INTO shop_details (id, details, updated_at, updated_by) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET details = excluded.details,
       updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
  )
  return {
    async get() {
      const row = select.get()
      if (!row) return null
      const saved = JSON.parse(row.details) as ShopDetails
      return { ...saved, updatedAt: row.updated_at, updatedBy: row.updated_by }
    },
    async save(details, audit) {
      const whole: ShopDetails = {
        legalName: details.legalName,
        tradingName: details.tradingName,
        address: [...details.address],
        email: details.email,
        phone: details.phone,
        vatNumber: details.vatNumber,
        registrationNumber: details.registrationNumber,
      }
      const at = context.now()
      upsert.run(JSON.stringify(whole), at, audit.by)
      return { ...whole, updatedAt: at, updatedBy: audit.by }
    },
  }
}
