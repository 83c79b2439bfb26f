import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'

import { BalanceHistory } from '~/components/admin/balance-history'
import { ErrorList } from '~/components/forms'
import { Link } from '~/components/link'
import { useIsPending } from '~/components/use-is-pending'
import { adminMeta } from '~/lib/admin/headers'
import { giftCardAction, loadGiftCard, promotionIdOf } from '~/lib/admin/promotions.server'
import { requireStaff } from '~/lib/auth/staff.server'
import { formatSastDateTime } from '~/lib/dates'
import { formatRand } from '~/lib/money'
import { formatGiftCardCode, maskGiftCardCode } from '~/lib/promotions/gift-cards'
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
      <BalanceHistory entries={history} label="Balance history" empty="No changes yet." />
    </>
  )
}
