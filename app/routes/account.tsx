import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import type { z } from 'zod'

import { AddressFields } from '~/components/address-fields'
import { consentSummary, MarketingConsentForm } from '~/components/customers/marketing-consent-form'
import { Field, ErrorSummary, FormErrors, VALIDATE_ON } from '~/components/forms'
import { useIsPending } from '~/components/use-is-pending'
import { Link } from '~/components/link'
import { accountAction } from '~/lib/account/account-action.server'
import { signedInDevices } from '~/lib/account/devices.server'
import { accountFormSchema } from '~/lib/account/schema'
import { requireUser } from '~/lib/auth/user.server'
import { consentState } from '~/lib/customers/consent.server'
import { formatSastDateTime } from '~/lib/dates'
import { requestContext } from '~/lib/request-context.server'
import { defaultAddress } from '~/lib/shipping/address-book.server'
import { ADDRESS_BOOK_PATH } from '~/lib/shipping/address-fields'

export const meta: MetaFunction = () => [{ title: 'Your account | Karoo & Co.' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  // The address form edits the default address of the address book.
  const { store } = await requestContext(request)
  const [address, consent] = await Promise.all([
    defaultAddress(store, user.id),
    consentState(store, user.email),
  ])
  return {
    email: user.email,
    profile: { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' },
    address: {
      line1: address?.line1 ?? '',
      line2: address?.line2 ?? '',
      suburb: address?.suburb ?? '',
      city: address?.city ?? '',
      province: address?.province ?? '',
      postalCode: address?.postalCode ?? '',
    },
    devices: await signedInDevices(request, user.id),
    consent,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  // Account changes ask Firebase about revocation; accountAction's own check reuses this one.
  await requireUser(request, { checkRevoked: true })
  return accountAction({ request })
}

const constraint = getZodConstraint(accountFormSchema)

/** One conform form of the /account schema; its hidden `intent` picks the branch it validates. */
function useAccountForm(
  intent: 'profile' | 'address' | 'signout-others' | 'marketing',
  defaultValue: Record<string, string>,
) {
  const actionData = useActionData<typeof action>()
  return useForm<z.input<typeof accountFormSchema>, z.output<typeof accountFormSchema>>({
    id: intent,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    defaultValue,
    constraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountFormSchema }),
  })
}

export default function AccountPage() {
  const { email, profile, address, devices, consent } = useLoaderData<typeof loader>()
  const [profileForm, profileFields] = useAccountForm('profile', profile)
  const [addressForm, addressFields] = useAccountForm('address', address)
  const [signOutForm] = useAccountForm('signout-others', {})
  const [marketingForm, marketingFields] = useAccountForm('marketing', {
    marketingOptIn: consent.optIn ? 'on' : '',
  })
  const savingMarketing = useIsPending({ intent: 'marketing' })
  const savingProfile = useIsPending({ intent: 'profile' })
  const savingAddress = useIsPending({ intent: 'address' })
  const signingOut = useIsPending({ intent: 'signout-others' })
  const others = devices.filter((device) => !device.current).length

  return (
    <div className="form-page form-page--wide">
      <h1>Your account</h1>
      <nav aria-label="Account">
        <ul className="form-actions">
          <li>
            <Link to="/orders">Your orders</Link>
          </li>
          <li>
            <Link to="/liked">Liked products</Link>
          </li>
          <li>
            <Link to={ADDRESS_BOOK_PATH}>Your addresses</Link>
          </li>
          <li>
            <Link to="/account/privacy">Your data and privacy</Link>
          </li>
        </ul>
      </nav>
      <div className="form-page__panels form-page__panels--two">
        <Form
          method="post"
          className="form-card"
          aria-labelledby="profile-title"
          {...getFormProps(profileForm)}
        >
          <h2 id="profile-title">Personal info</h2>
          <ErrorSummary form={profileForm} />
          <FormErrors form={profileForm} />
          <input type="hidden" name="intent" value="profile" />
          <div className="field">
            <label htmlFor="account-email">Email</label>
            <p id="account-email-hint" className="field__hint">
              Your sign-in email cannot be changed here.
            </p>
            <input
              id="account-email"
              type="email"
              value={email}
              readOnly
              aria-describedby="account-email-hint"
            />
          </div>
          <Field meta={profileFields.firstName} label="First name" autoComplete="given-name" />
          <Field meta={profileFields.lastName} label="Last name" autoComplete="family-name" />
          <Field
            meta={profileFields.phone}
            label="Phone"
            type="tel"
            autoComplete="tel"
            hint="A South African number, e.g. 082 123 4567."
          />
          <div className="form-actions">
            <button type="submit" className="button" disabled={savingProfile}>
              {savingProfile ? 'Saving…' : 'Save personal info'}
            </button>
          </div>
        </Form>

        <Form
          method="post"
          className="form-card"
          aria-labelledby="address-title"
          {...getFormProps(addressForm)}
        >
          <h2 id="address-title">Delivery address</h2>
          <p className="field__hint">
            Your default delivery address. Keep more than one in{' '}
            <Link to={ADDRESS_BOOK_PATH}>your address book</Link>.
          </p>
          <ErrorSummary form={addressForm} />
          <FormErrors form={addressForm} />
          <input type="hidden" name="intent" value="address" />
          <AddressFields fields={addressFields} />
          <div className="form-actions">
            <button type="submit" className="button" disabled={savingAddress}>
              {savingAddress ? 'Saving…' : 'Save address'}
            </button>
          </div>
        </Form>
      </div>

      <MarketingConsentForm
        form={marketingForm}
        optIn={marketingFields.marketingOptIn}
        summary={consentSummary(consent)}
        pending={savingMarketing}
      />

      <Form
        method="post"
        className="form-card"
        aria-labelledby="sessions-title"
        {...getFormProps(signOutForm)}
      >
        <h2 id="sessions-title">Where you are signed in</h2>
        <FormErrors form={signOutForm} />
        <ul className="device-list">
          {devices.map((device, index) => (
            <li key={index}>
              <strong>{device.device}</strong>
              {device.current ? ' (this device)' : null}
              <br />
              Signed in {formatSastDateTime(device.signedInAt)}, last seen{' '}
              {formatSastDateTime(device.lastSeenAt)}
            </li>
          ))}
        </ul>
        <input type="hidden" name="intent" value="signout-others" />
        {others > 0 ? (
          <div className="form-actions">
            <button type="submit" className="button button--secondary" disabled={signingOut}>
              {signingOut ? 'Signing out…' : 'Sign out everywhere else'}
            </button>
          </div>
        ) : (
          <p>You are signed in on this device only.</p>
        )}
      </Form>
    </div>
  )
}
