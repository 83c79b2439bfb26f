import { defaultShippingSettings } from '~/lib/shipping/default-zones'
import { checkShippingSettings, type ShippingSettingsInput } from '~/lib/shipping/settings'
import type { ShippingSettings } from '~/lib/shipping/types'

import type { ShippingSettingsStore } from '../store'
import type { SqliteContext } from './context.server'

type SettingsRow = { settings: string; updated_at: string; updated_by: string }

/** The settings are one row (id 1) holding them as JSON, written whole by each save. */
export function createShippingSettingsStore(context: SqliteContext): ShippingSettingsStore {
  const { db } = context
  const select = db.prepare<[], SettingsRow>(
    'SELECT settings, updated_at, updated_by FROM shipping_settings WHERE id = 1',
  )
  const upsert = db.prepare<[string, string, string]>(
    `INSERT INTO shipping_settings (id, settings, updated_at, updated_by) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET settings = excluded.settings,
       updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
  )
  return {
    async get() {
      const row = select.get()
      if (!row) return defaultShippingSettings()
      const saved = JSON.parse(row.settings) as ShippingSettingsInput
      return { ...saved, updatedAt: row.updated_at, updatedBy: row.updated_by }
    },
    async save(settings, audit) {
      const checked = checkShippingSettings(settings)
      const at = context.now()
      upsert.run(JSON.stringify(checked), at, audit.by)
      return { ...checked, updatedAt: at, updatedBy: audit.by } satisfies ShippingSettings
    },
  }
}
