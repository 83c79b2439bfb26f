import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, useActionData, useLoaderData } from '@remix-run/react'

import { ErrorSummary, Field, FormErrors, VALIDATE_ON } from '~/components/forms'
import { Link } from '~/components/link'
import { useIsPending } from '~/components/use-is-pending'
import { getAuth } from '~/lib/auth/index.server'
import { requireUser } from '~/lib/auth/user.server'
import { privacyAction } from '~/lib/customers/privacy-action.server'
import { DELETE_TOKEN_MAX, EXPORT_PATH, privacyFormSchema } from '~/lib/customers/privacy-schema'
import { formatSastDateTime } from '~/lib/dates'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction = () => [{ title: 'Your data and privacy | Karoo & Co.' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { store } = await requestContext(request)
  const auth = await getAuth(store)
  const confirm = new URL(request.url).searchParams.get('confirm')
  const requests = await store.privacyRequests.listForUser(user.id)
  return {
    email: user.email,
    needsPassword: auth.kind === 'local',
    // The mailed link's token goes back in the confirm form; the action checks it.
    confirmToken: confirm && confirm.length <= DELETE_TOKEN_MAX ? confirm : null,
    requests: requests.map(({ id, kind, at }) => ({ id, kind, at })),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Deleting an account asks Firebase about revocation, as every account change does.
  const user = await requireUser(request, { checkRevoked: true })
  return privacyAction({ request, user, clientIp: context.clientIp ?? '' })
}

function usePrivacyForm(intent: 'export' | 'delete' | 'confirm-delete', needsPassword: boolean) {
  const actionData = useActionData<typeof action>()
  const schema = privacyFormSchema(needsPassword)
  return useForm({
    id: intent,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
}

export default function PrivacyPage() {
  const { email, needsPassword, confirmToken, requests } = useLoaderData<typeof loader>()
  const [exportForm] = usePrivacyForm('export', needsPassword)
  const [deleteForm, deleteFields] = usePrivacyForm('delete', needsPassword)
  const [confirmForm, confirmFields] = usePrivacyForm('confirm-delete', needsPassword)
  const deleting = useIsPending({ intent: 'delete' })
  const confirming = useIsPending({ intent: 'confirm-delete' })

  return (
    <div className="form-page form-page--wide">
      <h1>Your data and privacy</h1>
      <nav aria-label="Account">
        <ul className="form-actions">
          <li>
            <Link to="/account">Your account</Link>
          </li>
          <li>
            <Link to="/orders">Your orders</Link>
          </li>
        </ul>
      </nav>

      <div className="form-page__panels form-page__panels--two">
        {/* A plain form: the answer is a file the browser saves, with JS on or off. */}
        <form
          method="post"
          action={EXPORT_PATH}
          className="form-card"
          aria-labelledby="export-title"
          {...getFormProps(exportForm)}
        >
          <h2 id="export-title">Download your data</h2>
          <FormErrors form={exportForm} />
          <p>
            One JSON file with everything we hold about you: your profile, addresses, orders,
            reviews, liked products, cart, messages you sent us, marketing consent, stock alerts,
            signed-in devices, the emails we sent you and your store credit.
          </p>
          <input type="hidden" name="intent" value="export" />
          <button type="submit" className="button">
            Download my data
          </button>
        </form>

        {confirmToken ? (
          <Form
            method="post"
            className="form-card"
            aria-labelledby="confirm-title"
            {...getFormProps(confirmForm)}
          >
            <h2 id="confirm-title">Confirm deleting your account</h2>
            <FormErrors form={confirmForm} />
            {confirmFields.token.errors?.length ? (
              <p className="form-errors" role="alert" id={confirmFields.token.errorId}>
                {confirmFields.token.errors[0]}
              </p>
            ) : null}
            <DeletionTerms email={email} />
            <input type="hidden" name="intent" value="confirm-delete" />
            <input type="hidden" name="token" value={confirmToken} />
            <button type="submit" className="button" disabled={confirming}>
              {confirming ? 'Deleting…' : 'Delete my account'}
            </button>
          </Form>
        ) : null}

        <Form
          method="post"
          className="form-card"
          aria-labelledby="delete-title"
          {...getFormProps(deleteForm)}
        >
          <h2 id="delete-title">Delete your account</h2>
          <ErrorSummary form={deleteForm} />
          <FormErrors form={deleteForm} />
          <DeletionTerms email={email} />
          <input type="hidden" name="intent" value="delete" />
          {needsPassword ? (
            <Field
              meta={deleteFields.password}
              type="password"
              label="Your password"
              hint="Enter the password you sign in with, to show it is you."
              autoComplete="current-password"
            />
          ) : (
            <p>We will email you a link to confirm. It works for 30 minutes.</p>
          )}
          <button type="submit" className="button" disabled={deleting}>
            {needsPassword
              ? deleting
                ? 'Deleting…'
                : 'Delete my account'
              : deleting
                ? 'Sending…'
                : 'Email me a link to delete my account'}
          </button>
        </Form>
      </div>

      <section aria-labelledby="requests-title">
        <h2 id="requests-title">Your requests</h2>
        {requests.length === 0 ? (
          <p>You have not downloaded your data yet.</p>
        ) : (
          <ul>
            {requests.map((request) => (
              <li key={request.id}>
                {request.kind === 'export' ? 'Data downloaded' : 'Deletion'}{' '}
                {formatSastDateTime(request.at)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function DeletionTerms({ email }: { email: string }) {
  return (
    <>
      <p>
        Deleting the account of <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong> signs
        you out on every device and removes your profile, addresses, liked products, cart, marketing
        consent and stock alerts. It cannot be undone.
      </p>
      <p>
        Your reviews stay, shown as &ldquo;A customer&rdquo;. Your orders and invoices are kept for
        the tax period, no longer linked to any account (see our{' '}
        <Link to="/privacy">privacy policy</Link>).
      </p>
    </>
  )
}
