import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'

import { ErrorList } from '~/components/forms'
import { Link } from '~/components/link'
import { TableScroll } from '~/components/table-scroll'
import { useIsPending } from '~/components/use-is-pending'
import { adminMeta } from '~/lib/admin/headers'
import { giftCardAction, loadGiftCard, promotionIdOf } from '~/lib/admin/promotions.server'
import { requireStaff } from '~/lib/auth/staff.server'
import { formatSastDateTime } from '~/lib/dates'
import { formatRand } from '~/lib/money'
import { formatGiftCardCode, maskGiftCardCode } from '~/lib/promotions/gift-cards'
import type { BalanceEntry } from '~/lib/promotions/types'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction = () => adminMeta('Gift card')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request)
  const { store } = await requestContext(request)
  const { card, history } = await loadGiftCard(store, promotionIdOf(params.id))
  return {
    card: { ...card, code: formatGiftCardCode(card.code), maskedCode: maskGiftCardCode(card.code) },
    history,
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  const { store } = await requestContext(request)
  return giftCardAction({
    store,
    formData: await request.formData(),
    staff,
    id: promotionIdOf(params.id),
  })
}

const ENTRY_WORDS: Record<BalanceEntry['kind'], string> = {
  issued: 'Issued',
  credited: 'Credited',
  held: 'Held by an order',
  released: 'Hold released',
  spent: 'Spent',
  adjusted: 'Changed by staff',
}

/** One gift card: its amounts, who it went to, and its balance history. */
export default function AdminGiftCard() {
  const { card, history } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const switching = useIsPending({ intent: card.active ? 'deactivate' : 'activate' })
  return (
    <>
      <p>
        <Link to="/admin/gift-cards">All gift cards</Link>
      </p>
      <h1>Gift card {card.maskedCode}</h1>
      <dl>
        <dt>Amount</dt>
        <dd>{formatRand(card.initialCents)}</dd>
        <dt>Balance</dt>
        <dd>
          {formatRand(card.balanceCents)}
          {card.heldCents > 0 ? `, of which ${formatRand(card.heldCents)} held by orders` : ''}
        </dd>
        <dt>Recipient</dt>
        <dd>{card.issuedTo ? `${card.issuedTo} (code mailed)` : 'None: not mailed'}</dd>
        <dt>Issued</dt>
        <dd>
          {formatSastDateTime(card.createdAt)}
          {card.issuedBy ? ` by ${card.issuedBy}` : ''}
          {card.orderId ? (
            <>
              {' '}
              (bought in <Link to={`/admin/orders/${card.orderId}`}>order {card.orderId}</Link>)
            </>
          ) : null}
        </dd>
        {card.note ? (
          <>
            <dt>Note</dt>
            <dd>{card.note}</dd>
          </>
        ) : null}
        <dt>Active</dt>
        <dd>{card.active ? 'Yes' : 'No: cancelled, it pays for nothing'}</dd>
      </dl>
      <details>
        <summary>Show the full code</summary>
        <p>
          <code>{card.code}</code>
        </p>
      </details>
      <Form method="post" className="form-actions" aria-label="Cancel or restore">
        <ErrorList errors={actionData?.result.error?.[''] ?? null} className="form-errors" />
        <input type="hidden" name="intent" value={card.active ? 'deactivate' : 'activate'} />
        <button type="submit" className="button button--secondary" disabled={switching}>
          {card.active ? 'Cancel gift card' : 'Restore gift card'}
        </button>
      </Form>
      <h2>Balance history</h2>
      {history.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <TableScroll label="Balance history">
          <table className="admin-table">
            <caption className="visually-hidden">Balance history</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">Amount</th>
                <th scope="col">Order</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry, i) => (
                <tr key={`${entry.at}-${i}`}>
                  <td>{formatSastDateTime(entry.at)}</td>
                  <th scope="row">
                    {ENTRY_WORDS[entry.kind]}
                    {entry.note ? `: ${entry.note}` : ''}
                  </th>
                  <td>{formatRand(entry.amountCents)}</td>
                  <td>
                    {entry.orderId ? (
                      <Link to={`/admin/orders/${entry.orderId}`}>{entry.orderId}</Link>
                    ) : (
                      'None'
                    )}
                  </td>
                  <td>{entry.by ?? 'The shop'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  )
}
