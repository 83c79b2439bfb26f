import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { Link } from '~/components/link'
import { Pagination } from '~/components/pagination'
import { TableScroll } from '~/components/table-scroll'
import { pageParam } from '~/lib/admin/paging'
import { formatSastDateTime } from '~/lib/dates'
import { DEV_MAIL_HEADERS, listDevMail, requireDevMail } from '~/lib/mail/dev-mail.server'
import { requestContext } from '~/lib/request-context.server'
import adminStyles from '~/styles/admin.css'

/**
 * Outside production only: the mail the shop has written, newest first (docs/contracts.md "Email").
 */
export async function loader({ request }: LoaderFunctionArgs) {
  requireDevMail()
  const { store } = await requestContext(request)
  const list = await listDevMail(store, pageParam(new URL(request.url).searchParams))
  return data(list, { headers: DEV_MAIL_HEADERS })
}

export const headers = () => DEV_MAIL_HEADERS

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }]

export const meta: MetaFunction = () => [
  { title: 'Mail outbox (development)' },
  { name: 'robots', content: 'noindex' },
]

export default function DevMail() {
  const { messages, page, pageCount, total } = useLoaderData<typeof loader>()
  return (
    <div className="dev-mail">
      <h1>Mail outbox</h1>
      <p>
        Every email the shop has written, newest first, whether sent or still waiting. Without
        SMTP_URL nothing is delivered: the mail waits here. This page does not exist in production.
      </p>
      {messages.length === 0 ? (
        <p>No mail yet.</p>
      ) : (
        <TableScroll label="Emails">
          <table className="admin-table">
            <caption className="visually-hidden">Emails, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">To</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Written</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((mail) => (
                <tr key={mail.key}>
                  <th scope="row">
                    <Link to={`/dev/mail/${encodeURIComponent(mail.key)}`}>{mail.subject}</Link>
                  </th>
                  <td>{mail.to}</td>
                  <td>{mail.status}</td>
                  <td>{mail.attempts}</td>
                  <td>{formatSastDateTime(mail.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        summary={`Page ${page} of ${pageCount} · ${total} emails`}
        className="admin-pager"
      />
    </div>
  )
}
