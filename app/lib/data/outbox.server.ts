import { remember } from '@epic-web/remember'

import type { OutboxDraft, OutboxMessage } from './types'

/*
 * What both adapters' outboxes share: the draft they store, how long an error may be, and the
 * in-process signal that wakes the mail sender when a message is added.
 */

/** The longest error text kept on a message (one line; the rest is cut). */
export const OUTBOX_ERROR_MAX = 500

/** Copies only the fields a draft has, so a caller's extra properties are never stored. */
export function pickDraft(draft: OutboxDraft): OutboxDraft {
  if (!draft.key) throw new RangeError('An outbox message needs a key naming its event')
  if (!draft.to) throw new RangeError(`Outbox message ${draft.key} has no recipient`)
  return {
    key: draft.key,
    to: draft.to,
    replyTo: draft.replyTo ?? null,
    subject: draft.subject,
    text: draft.text,
    html: draft.html,
    orderId: draft.orderId ?? null,
    // Only when given: Firestore refuses an undefined field, and most mail has none.
    ...(draft.headers && Object.keys(draft.headers).length
      ? { headers: { ...draft.headers } }
      : {}),
  }
}

/** A new message as the outbox stores it: pending, due at once. */
export function newOutboxMessage(draft: OutboxDraft, now: string): OutboxMessage {
  return {
    ...pickDraft(draft),
    status: 'pending',
    attempts: 0,
    dueAt: now,
    lastError: null,
    sentAt: null,
    createdAt: now,
    updatedAt: now,
  }
}

/** Error text as stored: one line, trimmed, at most OUTBOX_ERROR_MAX characters. */
export function oneLineError(error: string): string {
  const line = error.replace(/\s+/g, ' ').trim() || 'unknown error'
  return line.length > OUTBOX_ERROR_MAX ? `${line.slice(0, OUTBOX_ERROR_MAX - 1)}…` : line
}

export const addMs = (time: string, ms: number) => new Date(Date.parse(time) + ms).toISOString()

// Process-wide (through `remix dev` rebuilds too), so the sender started by one build hears the
// stores of the next.
const listeners = remember('outbox-listeners', () => new Set<() => void>())

/**
 * Tells this process's mail sender that mail was added. Call after the write committed: the
 * listener claims at once, and must find the message.
 */
export function mailEnqueued(): void {
  for (const listener of listeners) listener()
}

/** Calls back whenever mailEnqueued() is called in this process; returns the unsubscribe. */
export function onMailEnqueued(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
