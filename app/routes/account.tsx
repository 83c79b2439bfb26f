import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { ErrorList, Field, SelectField } from '~/components/forms'
import { Link } from '~/components/link'
import { accountAction, type AccountActionData } from '~/lib/auth/account-action.server'
import { requireUser } from '~/lib/auth/session.server'
import { PROVINCES } from '~/lib/data/types'
import formStyles from '~/styles/forms.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formStyles }]

export const meta: MetaFunction = () => [{ title: 'Your account | Karoo & Co.' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return {
    email: user.email,
    profile: { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' },
    address: {
      line1: user.address?.line1 ?? '',
      line2: user.address?.line2 ?? '',
      suburb: user.address?.suburb ?? '',
      city: user.address?.city ?? '',
      province: user.address?.province ?? '',
      postalCode: user.address?.postalCode ?? '',
    },
  }
}

export async function action({ request }: ActionFunctionArgs) {
  // Account changes ask Firebase about revocation; accountAction's own check reuses this one.
  await requireUser(request, { checkRevoked: true })
  return accountAction({ request })
}

export default function AccountPage() {
  const { email, profile, address } = useLoaderData<typeof loader>()
  const actionData = useActionData<AccountActionData>()
  const navigation = useNavigation()
  const busy = (intent: string) =>
    navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const profileData = actionData?.intent === 'profile' ? actionData : undefined
  const addressData = actionData?.intent === 'address' ? actionData : undefined
  const value = (
    data: AccountActionData | undefined,
    saved: Record<string, string>,
    name: string,
  ) => data?.values[name] ?? saved[name] ?? ''

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
        </ul>
      </nav>
      <div className="form-page__panels form-page__panels--two">
        <Form method="post" className="form-card" aria-labelledby="profile-title" noValidate>
          <h2 id="profile-title">Personal info</h2>
          <ErrorList errors={profileData?.errors.form ?? profileData?.errors.intent} />
          <Field
            id="account-email"
            label="Email"
            type="email"
            value={email}
            readOnly
            hint="Your sign-in email cannot be changed here."
          />
          <Field
            id="profile-firstName"
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            defaultValue={value(profileData, profile, 'firstName')}
            errors={profileData?.errors.firstName}
          />
          <Field
            id="profile-lastName"
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            defaultValue={value(profileData, profile, 'lastName')}
            errors={profileData?.errors.lastName}
          />
          <Field
            id="profile-phone"
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            hint="A South African number, e.g. 082 123 4567."
            defaultValue={value(profileData, profile, 'phone')}
            errors={profileData?.errors.phone}
          />
          <div className="form-actions">
            <button
              type="submit"
              name="intent"
              value="profile"
              className="button"
              disabled={busy('profile')}
            >
              {busy('profile') ? 'Saving…' : 'Save personal info'}
            </button>
          </div>
        </Form>

        <Form method="post" className="form-card" aria-labelledby="address-title" noValidate>
          <h2 id="address-title">Delivery address</h2>
          <ErrorList errors={addressData?.errors.form ?? addressData?.errors.intent} />
          <Field
            id="address-line1"
            label="Street address"
            name="line1"
            autoComplete="address-line1"
            required
            defaultValue={value(addressData, address, 'line1')}
            errors={addressData?.errors.line1}
          />
          <Field
            id="address-line2"
            label="Address line 2 (optional)"
            name="line2"
            autoComplete="address-line2"
            defaultValue={value(addressData, address, 'line2')}
            errors={addressData?.errors.line2}
          />
          <Field
            id="address-suburb"
            label="Suburb"
            name="suburb"
            required
            defaultValue={value(addressData, address, 'suburb')}
            errors={addressData?.errors.suburb}
          />
          <Field
            id="address-city"
            label="City or town"
            name="city"
            autoComplete="address-level2"
            required
            defaultValue={value(addressData, address, 'city')}
            errors={addressData?.errors.city}
          />
          <SelectField
            id="address-province"
            label="Province"
            name="province"
            autoComplete="address-level1"
            required
            options={PROVINCES}
            placeholder="Choose a province"
            defaultValue={value(addressData, address, 'province')}
            errors={addressData?.errors.province}
          />
          <Field
            id="address-postalCode"
            label="Postal code"
            name="postalCode"
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={4}
            required
            defaultValue={value(addressData, address, 'postalCode')}
            errors={addressData?.errors.postalCode}
          />
          <div className="form-actions">
            <button
              type="submit"
              name="intent"
              value="address"
              className="button"
              disabled={busy('address')}
            >
              {busy('address') ? 'Saving…' : 'Save address'}
            </button>
          </div>
        </Form>
      </div>
    </div>
  )
}
