import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { FormErrors } from '~/components/forms'
import { Link } from '~/components/link'
import { Pagination } from '~/components/pagination'
import { ADMIN_HEADERS, adminMeta } from '~/lib/admin/headers'
import { adminRedirectWithToast } from '~/lib/admin/http.server'
import { messageHandledSchema } from '~/lib/admin/message-schema'
import { listMessages, markMessageHandled } from '~/lib/admin/messages.server'
import { pageParam } from '~/lib/admin/paging'
import { requireStaff } from '~/lib/auth/staff.server'
import { requestContext } from '~/lib/request-context.server'
import { parseSubmission } from '~/lib/submission.server'
import { formatSastDateTime } from '~/lib/dates'

export const meta: MetaFunction = () => adminMeta('Messages')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const url = new URL(request.url)
  const unhandled = url.searchParams.get('unhandled') === '1'
  const { store } = await requestContext(request)
  const list = await listMessages(store, {
    unhandled,
    page: pageParam(url.searchParams),
  })
  return { ...list, unhandled }
}

export type MessagesActionData = { messageId: string | null; result: SubmissionResult<string[]> }

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  const formData = await request.formData()
  const posted = formData.get('messageId')
  const messageId = typeof posted === 'string' ? posted : null
  const submission = parseSubmission(formData, { schema: messageHandledSchema })
  if (submission.status !== 'success') {
    return data<MessagesActionData>(
      { messageId, result: submission.reply() },
      { status: 400, headers: ADMIN_HEADERS },
    )
  }
  const { store } = await requestContext(request)
  const found = await markMessageHandled(store, submission.value.messageId, { by: staff.email })
  if (!found) {
    return data<MessagesActionData>(
      {
        messageId,
        result: submission.reply({ formErrors: ['There is no such message. Reload the list.'] }),
      },
      { status: 400, headers: ADMIN_HEADERS },
    )
  }
  // Back to the list as it was (its filter and page).
  const url = new URL(request.url)
  return adminRedirectWithToast(`${url.pathname}${url.search}`, {
    type: 'success',
    title: 'Message marked handled',
  })
}

/** The "Mark handled" button of one message; the reply to a post comes back to its own form. */
function HandledForm({ messageId }: { messageId: string }) {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form] = useForm({
    id: `handled-${messageId}`,
    lastResult: actionData?.messageId === messageId ? actionData.result : undefined,
  })
  const pending =
    navigation.state !== 'idle' &&
    navigation.formMethod?.toUpperCase() === 'POST' &&
    navigation.formData?.get('messageId') === messageId
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="handled" />
      <input type="hidden" name="messageId" value={messageId} />
      <button type="submit" className="button button--secondary" disabled={pending}>
        {pending ? 'Saving…' : 'Mark handled'}
      </button>
    </Form>
  )
}

export default function AdminMessages() {
  const { messages, total, page, pageCount, unhandled } = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Messages</h1>
      <nav aria-label="Which messages">
        <ul className="form-actions">
          <li>
            {unhandled ? (
              <Link to="/admin/messages">All messages</Link>
            ) : (
              <strong aria-current="page">All messages</strong>
            )}
          </li>
          <li>
            {unhandled ? (
              <strong aria-current="page">Unhandled only</strong>
            ) : (
              <Link to="/admin/messages?unhandled=1">Unhandled only</Link>
            )}
          </li>
        </ul>
      </nav>
      {messages.length === 0 ? (
        <p>{unhandled ? 'Every message has been handled.' : 'No messages yet.'}</p>
      ) : (
        <ul className="admin-list">
          {messages.map((message) => (
            <li key={message.id}>
              <article className="form-card" aria-labelledby={`message-${message.id}`}>
                <h2 id={`message-${message.id}`}>{message.subject}</h2>
                <p>
                  From {message.name} &lt;
                  <a href={`mailto:${message.email}`}>{message.email}</a>&gt;,{' '}
                  {formatSastDateTime(message.createdAt)}
                </p>
                <p className="admin-message">{message.message}</p>
                {message.handledAt ? (
                  <p>
                    Handled by {message.handledBy} on {formatSastDateTime(message.handledAt)}
                  </p>
                ) : (
                  <HandledForm messageId={message.id} />
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        summary={`Page ${page} of ${pageCount} · ${total} messages`}
        className="admin-pager"
      />
    </>
  )
}
