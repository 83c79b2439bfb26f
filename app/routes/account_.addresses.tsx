import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { z } from 'zod'

import { AddressFields } from '~/components/address-fields'
import { ErrorList, ErrorSummary, Field, FormErrors, VALIDATE_ON } from '~/components/forms'
import { Link } from '~/components/link'
import { useIsPending } from '~/components/use-is-pending'
import { requireUser } from '~/lib/auth/user.server'
import { requestContext } from '~/lib/request-context.server'
import { addressBookAction, addressBookPage } from '~/lib/shipping/address-book.server'
import { ADDRESS_BOOK_PATH, addressBookFormSchema } from '~/lib/shipping/address-fields'
import type { AddressCard } from '~/lib/shipping/address-view'
import addressStyles from '~/styles/addresses.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: addressStyles }]

export const meta: MetaFunction = () => [{ title: 'Your addresses | Karoo & Co.' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { store } = await requestContext(request)
  return addressBookPage(store, user, new URL(request.url).searchParams.get('edit'))
}

export async function action({ request }: ActionFunctionArgs) {
  // Account changes ask Firebase about revocation, as /account does.
  const user = await requireUser(request, { checkRevoked: true })
  return addressBookAction(request, user)
}

const constraint = getZodConstraint(addressBookFormSchema)

export default function AddressBookPage() {
  const { addresses, editing, editMissing, values, full, max } = useLoaderData<typeof loader>()

  return (
    <div className="form-page form-page--wide">
      <h1>Your addresses</h1>
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

      <section aria-labelledby="saved-addresses-title" className="form-page__column">
        <h2 id="saved-addresses-title">Saved addresses</h2>
        {addresses.length === 0 ? (
          <p>
            You have no saved addresses yet. Add one below and choose it at checkout with one click.
          </p>
        ) : (
          <ul className="address-list">
            {addresses.map((address) => (
              <li key={address.id}>
                <AddressCardView address={address} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {editMissing ? (
        <p className="form-errors" role="alert">
          That address is not in your address book any more.
        </p>
      ) : null}
      {editing || !full ? (
        // A fresh form after each change of the book (a post/redirect/get keeps this page mounted).
        <AddressForm
          key={editing ? `edit-${editing.id}` : `new-${addresses.length}`}
          editing={editing}
          values={values}
        />
      ) : (
        <section className="form-card" aria-labelledby="address-form-title">
          <h2 id="address-form-title">Add an address</h2>
          <p>
            Your address book holds {max} addresses, the most it can. Remove one to add another.
          </p>
        </section>
      )}
    </div>
  )
}

function AddressCardView({ address }: { address: AddressCard }) {
  const titleId = `address-${address.id}-title`
  return (
    <article
      className={`address-card${address.isDefault ? ' address-card--default' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="address-card__head">
        <h3 id={titleId}>{address.label}</h3>
        {address.isDefault ? <span className="address-card__badge">Default</span> : null}
      </div>
      <p>
        {address.recipient}
        {address.phone ? `, ${address.phone}` : null}
      </p>
      <address>
        {address.lines.map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </address>
      <div className="form-actions">
        <Link
          to={`${ADDRESS_BOOK_PATH}?edit=${encodeURIComponent(address.id)}`}
          aria-label={`Edit ${address.label}`}
        >
          Edit
        </Link>
        {address.isDefault ? null : (
          <CardButton intent="default" address={address}>
            Make default
          </CardButton>
        )}
        <CardButton intent="delete" address={address}>
          Remove
        </CardButton>
      </div>
    </article>
  )
}

/** "Make default" or "Remove" on one card: a form of its own, its reply shown beside it. */
function CardButton({
  intent,
  address,
  children,
}: {
  intent: 'default' | 'delete'
  address: AddressCard
  children: string
}) {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const formKey = `${intent}:${address.id}`
  const [form] = useForm({
    id: `${intent}-${address.id}`,
    lastResult: actionData?.form === formKey ? actionData.result : undefined,
  })
  const pending =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData?.get('addressId') === address.id
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors form={form} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="addressId" value={address.id} />
      <button
        type="submit"
        className="button button--secondary"
        disabled={pending}
        aria-label={`${children} ${address.label}`}
      >
        {pending ? (intent === 'delete' ? 'Removing…' : 'Saving…') : children}
      </button>
    </Form>
  )
}

function AddressForm({
  editing,
  values,
}: {
  editing: { id: string; label: string; isDefault: boolean } | null
  values: Record<string, string>
}) {
  const actionData = useActionData<typeof action>()
  const saving = useIsPending({ intent: 'save' })
  const [form, fields] = useForm<
    z.input<typeof addressBookFormSchema>,
    z.output<typeof addressBookFormSchema>
  >({
    id: 'address-form',
    lastResult: actionData?.form === 'save' ? actionData.result : undefined,
    defaultValue: values,
    constraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addressBookFormSchema }),
  })
  const { key: defaultKey, ...defaultProps } = getInputProps(fields.makeDefault, {
    type: 'checkbox',
  })

  return (
    <Form
      method="post"
      className="form-card"
      aria-labelledby="address-form-title"
      {...getFormProps(form)}
    >
      <h2 id="address-form-title">{editing ? `Edit ${editing.label}` : 'Add an address'}</h2>
      <ErrorSummary form={form} />
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="addressId" value={editing?.id ?? ''} />
      <Field meta={fields.label} label="Label" hint="Your own name for it, e.g. Home or Work." />
      <Field meta={fields.firstName} label="Recipient's first name" autoComplete="given-name" />
      <Field meta={fields.lastName} label="Recipient's last name" autoComplete="family-name" />
      <Field
        meta={fields.phone}
        label="Recipient's phone"
        type="tel"
        autoComplete="tel"
        hint="For the courier: a South African number, e.g. 082 123 4567."
      />
      <AddressFields fields={fields} />
      {editing?.isDefault ? (
        <p className="field__hint">This is your default delivery address.</p>
      ) : (
        <div className="field field--checkbox">
          <label>
            <input key={defaultKey} {...defaultProps} /> Make this my default delivery address
          </label>
          <ErrorList id={fields.makeDefault.errorId} errors={fields.makeDefault.errors} />
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : editing ? 'Save address' : 'Add address'}
        </button>
        {editing ? <Link to={ADDRESS_BOOK_PATH}>Cancel</Link> : null}
      </div>
    </Form>
  )
}
