import { Form } from '@remix-run/react'

import { useIsPending } from '~/components/use-is-pending'
import { formatSastDateTime } from '~/lib/dates'
import { BOBGO_RESYNC_INTENT, BOBGO_TEST_INTENT } from '~/lib/shipping/bobgo-admin'
import type {
  BobgoOrderPanelView,
  BobgoStatusView,
  BobgoTestResult,
} from '~/lib/shipping/bobgo-admin.server'

/**
 * /admin/shipping's Bob Go and Pargo panel: whether each is configured and where, the webhook to
 * register in Bob Go, and "Test connection" (a plain form posting `intent=bobgo-test`; the route's
 * action answers with testBobgoConnection(), handed back here as `test`). Works without JS.
 */
export function BobgoStatusPanel({
  status,
  test,
}: {
  status: BobgoStatusView
  /** The last test's answer, from the action data. */
  test?: BobgoTestResult | null
}) {
  const testing = useIsPending({ intent: BOBGO_TEST_INTENT })
  return (
    <section className="form-card" aria-labelledby="bobgo-status-title">
      <h2 id="bobgo-status-title">Bob Go and Pargo</h2>
      {status.configured ? (
        <dl>
          <dt>Bob Go</dt>
          <dd>On: courier rates at checkout, paid orders sent, tracking back</dd>
          <dt>API</dt>
          <dd>{status.apiUrl}</dd>
          <dt>Channel (bobgo-channel-identifier)</dt>
          <dd>{status.channel}</dd>
          <dt>Webhook to register in Bob Go</dt>
          <dd>
            <code>{status.webhookUrl}</code>
            {status.webhookSecretSet
              ? ' (signed with BOBGO_WEBHOOK_SECRET)'
              : ' — BOBGO_WEBHOOK_SECRET is not set: every webhook call is refused, tracking arrives only with the hourly check'}
          </dd>
        </dl>
      ) : (
        <p>
          Bob Go is off: checkout offers the table rates, and orders are shipped by hand. Set{' '}
          <code>BOBGO_API_KEY</code> and <code>BOBGO_WEBHOOK_SECRET</code> to turn it on (see the
          README).
        </p>
      )}
      <p>
        Pickup points:{' '}
        {status.pargo.configured
          ? `Pargo (${status.pargo.apiUrl})`
          : status.pargo.demo
            ? 'the demo points (set PARGO_USERNAME and PARGO_PASSWORD for Pargo)'
            : 'none (set PARGO_USERNAME and PARGO_PASSWORD for Pargo)'}
      </p>
      {status.configured ? (
        <Form method="post">
          <input type="hidden" name="intent" value={BOBGO_TEST_INTENT} />
          <div className="form-actions">
            <button type="submit" className="button button--secondary" disabled={testing}>
              {testing ? 'Testing…' : 'Test connection'}
            </button>
          </div>
        </Form>
      ) : null}
      {test ? (
        <p role="status" className={test.ok ? 'notice notice--success' : 'notice notice--error'}>
          {test.message} <small>({formatSastDateTime(test.testedAt)})</small>
        </p>
      ) : null}
    </section>
  )
}

/**
 * An order's Bob Go panel in the back office: where its sync stands (state, Bob Go's order id,
 * attempts, the last error, the next try) and the resync button (`intent=bobgo-resync`).
 */
export function BobgoOrderPanel({ panel }: { panel: BobgoOrderPanelView }) {
  const busy = useIsPending({ intent: BOBGO_RESYNC_INTENT })
  return (
    <section className="form-card" aria-labelledby="bobgo-order-title">
      <h2 id="bobgo-order-title">Bob Go</h2>
      <p>
        <strong>{panel.stateLabel}</strong>
        {panel.bobgoOrderId ? <> · Bob Go order {panel.bobgoOrderId}</> : null}
        {panel.attempts > 0 && panel.state !== 'synced' ? (
          <> · {panel.attempts === 1 ? '1 attempt' : `${panel.attempts} attempts`}</>
        ) : null}
      </p>
      {panel.lastError ? (
        <p className="notice notice--error">Last error: {panel.lastError}</p>
      ) : null}
      {panel.dueAt ? <p>Next try: {formatSastDateTime(panel.dueAt)}</p> : null}
      {!panel.configured ? <p>Bob Go is no longer configured (BOBGO_API_KEY).</p> : null}
      {panel.resync ? (
        <Form method="post">
          <input type="hidden" name="intent" value={BOBGO_RESYNC_INTENT} />
          <p className="field__hint">{panel.resync.hint}</p>
          <div className="form-actions">
            <button type="submit" className="button button--secondary" disabled={busy}>
              {busy ? 'Asking Bob Go…' : panel.resync.label}
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  )
}
