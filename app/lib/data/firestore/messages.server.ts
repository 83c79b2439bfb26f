import { pickMessage } from '../rules.server'
import type { MessageStore } from '../store'
import type { ContactMessage } from '../types'
import type { FirestoreContext } from './context.server'

export function createMessageStore({ col }: FirestoreContext): MessageStore {
  return {
    async create(input, now) {
      const message = pickMessage(input, now)
      await col.messages.doc(message.id).create(message)
      return message
    },
    async list() {
      const snap = await col.messages.orderBy('createdAt', 'desc').get()
      return snap.docs.map((doc) => doc.data() as ContactMessage)
    },
  }
}
