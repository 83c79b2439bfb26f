import type { Audit, Store } from '~/lib/data/store'

import { pageCount, pageSlice } from './paging'

/** One page of /admin/messages, newest first; only the unhandled ones when asked. */
export async function listMessages(
  store: Pick<Store, 'messages'>,
  query: { unhandled: boolean; page: number },
) {
  const { items, total } = await store.messages.page({
    ...pageSlice(query.page),
    unhandled: query.unhandled,
  })
  return {
    messages: items.map((message) => ({
      id: message.id,
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      createdAt: message.createdAt,
      handledAt: message.handledAt,
      handledBy: message.handledBy,
    })),
    total,
    page: query.page,
    pageCount: pageCount(total),
  }
}

/** Marks the message handled by the staff member; false when there is no such message. */
export async function markMessageHandled(
  store: Pick<Store, 'messages'>,
  messageId: string,
  audit: Audit,
): Promise<boolean> {
  return (await store.messages.markHandled(messageId, audit)) !== null
}
