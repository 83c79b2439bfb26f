import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'

import { GiveCreditForm, IssueGiftCardForm } from '~/components/admin/gift-card-forms'
import { Link } from '~/components/link'
import { Pagination } from '~/components/pagination'
import { TableScroll } from '~/components/table-scroll'
import { adminMeta } from '~/lib/admin/headers'
import { giftCardsAction, listGiftCards } from '~/lib/admin/promotions.server'
import { requireStaff } from '~/lib/auth/staff.server'
import { formatSastDate } from '~/lib/dates'
import { formatRand } from '~/lib/money'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction = () => adminMeta('Gift cards')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const { store } = await requestContext(request)
  const url = new URL(request.url)
  // A customer's page links here with their email for the credit form (the action checks it).
  const creditEmail = (url.searchParams.get('email') ?? '').trim().slice(0, 254)
  return { ...(await listGiftCards(store, url)), creditEmail }
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  const { store } = await requestContext(request)
  return giftCardsAction({ store, formData: await request.formData(), staff })
}

/** Gift cards, newest first (codes masked), issuing one, and giving a customer store credit. */
export default function AdminGiftCards() {
  const { page, cards, total, pageCount, formKeys, creditEmail } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <h1>Gift cards</h1>
      <IssueGiftCardForm
        formKey={formKeys.issue}
        lastResult={actionData?.intent === 'issue' ? actionData.result : undefined}
      />
      <h2>Issued cards</h2>
      {cards.length === 0 ? (
        <p>No gift cards yet.</p>
      ) : (
        <TableScroll label="Gift cards">
          <table className="admin-table">
            <caption className="visually-hidden">Gift cards</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Amount</th>
                <th scope="col">Balance</th>
                <th scope="col">Recipient</th>
                <th scope="col">Issued</th>
                <th scope="col">Active</th>
              </tr>
            </thead>
            <tbody>
              {cards.map((card) => (
                <tr key={card.id}>
                  <th scope="row">
                    <Link to={`/admin/gift-cards/${card.id}`}>{card.maskedCode}</Link>
                  </th>
                  <td>{formatRand(card.initialCents)}</td>
                  <td>
                    {formatRand(card.balanceCents)}
                    {card.heldCents > 0 ? ` (${formatRand(card.heldCents)} held)` : null}
                  </td>
                  <td>{card.issuedTo ?? 'None'}</td>
                  <td>{formatSastDate(card.createdAt)}</td>
                  <td>{card.active ? 'Yes' : 'No (cancelled)'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        summary={`Page ${page} of ${pageCount} · ${total} ${total === 1 ? 'gift card' : 'gift cards'}`}
        className="admin-pager"
      />
      <GiveCreditForm
        formKey={formKeys.credit}
        defaultEmail={creditEmail || undefined}
        lastResult={actionData?.intent === 'give-credit' ? actionData.result : undefined}
      />
    </>
  )
}
