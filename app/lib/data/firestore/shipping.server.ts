import { defaultShippingSettings } from '~/lib/shipping/default-zones'
import { checkShippingSettings } from '~/lib/shipping/settings'
import type { ShippingSettings } from '~/lib/shipping/types'

import type { ShippingSettingsStore } from '../store'
import type { FirestoreContext } from './context.server'

/** The document `settings/shipping`: the whole ShippingSettings, written whole by each save. */
const SHIPPING_DOC = 'shipping'

export function createShippingSettingsStore(context: FirestoreContext): ShippingSettingsStore {
  const ref = context.col.settings.doc(SHIPPING_DOC)
  return {
    async get() {
      const snap = await ref.get()
      return snap.exists ? (snap.data() as ShippingSettings) : defaultShippingSettings()
    },
    async save(settings, audit) {
      // Checked values only: zod drops unknown keys and leaves no undefined (which Firestore refuses).
      const saved: ShippingSettings = {
        ...checkShippingSettings(settings),
        updatedAt: context.now(),
        updatedBy: audit.by,
      }
      await ref.set(saved)
      return saved
    },
  }
}
