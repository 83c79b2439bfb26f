import { hasMarketingConsent } from '~/lib/customers/consent.server'
import { unsubscribeUrl } from '~/lib/customers/unsubscribe-token.server'
import type { Store } from '~/lib/data/store'
import type { OutboxDraft } from '~/lib/data/types'

import type { MailContext } from './templates/layout.server'

/*
 * Marketing mail (back-in-stock, cart reminders, news): only to an email that opted in, and always
 * with a one-click unsubscribe (RFC 8058) in its headers and a visible link in both parts. Order,
 * reset and contact mails are not marketing and never pass through here.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * The draft as a marketing mail: `List-Unsubscribe: <{APP_URL}/unsubscribe?t=...>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and the same link at the foot of the HTML
 * and the text part.
 */
export function marketingDraft(
  draft: OutboxDraft,
  context: MailContext,
  /** Why this email gets it; default: they opted in to news and offers. */
  note = `You get this because you asked ${context.shopName} for news and offers.`,
): OutboxDraft {
  const url = unsubscribeUrl(context.appUrl, draft.to)
  const footer =
    `<p style="margin:0;padding:12px 24px 24px;text-align:center;font-family:Helvetica,Arial,` +
    `sans-serif;font-size:13px;line-height:20px;color:#5f6b76">${escapeHtml(note)} ` +
    `<a href="${escapeHtml(url)}" style="color:#5f6b76">Unsubscribe</a> in one click.</p>`
  const html = /<\/body>/i.test(draft.html)
    ? draft.html.replace(/<\/body>(?![\s\S]*<\/body>)/i, `${footer}</body>`)
    : draft.html + footer
  return {
    ...draft,
    text: `${draft.text.trimEnd()}\n\n${note}\nUnsubscribe in one click: ${url}\n`,
    html,
    headers: {
      ...draft.headers,
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/**
 * Enqueues the draft as a marketing mail when its recipient has consented now; false (nothing
 * enqueued) without consent or when its key was enqueued before.
 */
export async function enqueueMarketingMail(
  store: Pick<Store, 'consents' | 'outbox'>,
  draft: OutboxDraft,
  context: MailContext,
): Promise<boolean> {
  if (!(await hasMarketingConsent(store, draft.to))) return false
  return store.outbox.enqueue(marketingDraft(draft, context))
}
