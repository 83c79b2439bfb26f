import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'

import { ErrorList, Field, Honeypot } from '~/components/forms'
import { GoogleSignIn } from '~/components/google-sign-in'
import { Link } from '~/components/link'
import { authAction, type AuthActionData } from '~/lib/auth/auth-action.server'
import { googleSignInConfig } from '~/lib/auth/google.server'
import { PASSWORD_MIN } from '~/lib/auth/schemas'
import { optionalUser } from '~/lib/auth/session.server'
import { env } from '~/lib/env.server'
import { safeRedirect } from '~/lib/http.server'
import formStyles from '~/styles/forms.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: formStyles }]

export const meta: MetaFunction = () => [{ title: 'Sign in or create an account | Karoo & Co.' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const user = await optionalUser(request)
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), '')
  const intent = url.searchParams.get('intent')
  const token = url.searchParams.get('token')
  return {
    user: user ? { firstName: user.firstName, email: user.email } : null,
    redirectTo,
    step: intent === 'reset' ? (token ? ('new-password' as const) : ('forgot' as const)) : ('signin' as const),
    token: token ?? '',
    /** Public Firebase web config for "Continue with Google"; null unless sign-in runs on Firebase. */
    google: user ? null : googleSignInConfig(env),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  return authAction({ request })
}

export default function AuthPage() {
  const { user, redirectTo, step, token, google } = useLoaderData<typeof loader>()
  const actionData = useActionData<AuthActionData>()

  if (user) {
    return (
      <div className="form-page">
        <h1>You are signed in</h1>
        <p>
          Signed in as <strong>{user.email}</strong>.
        </p>
        <ul>
          <li>
            <Link to="/account">Your account</Link>
          </li>
          <li>
            <Link to="/orders">Your orders</Link>
          </li>
          <li>
            <Link to="/liked">Liked products</Link>
          </li>
        </ul>
        <SignOutForm />
      </div>
    )
  }

  if (step === 'new-password') return <NewPasswordForm token={token} data={actionData} />
  if (step === 'forgot') return <ForgotPasswordForm data={actionData} />

  return (
    <div className="form-page form-page--wide">
      <h1>Sign in or create an account</h1>
      <div className="form-page__panels form-page__panels--two">
        <div className="form-page__column">
          <SignInForm redirectTo={redirectTo} data={actionData?.intent === 'signin' ? actionData : undefined} />
          <GoogleSignIn config={google} redirectTo={redirectTo} />
        </div>
        <SignUpForm redirectTo={redirectTo} data={actionData?.intent === 'signup' ? actionData : undefined} />
      </div>
    </div>
  )
}

function useBusy(intent: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

function SignOutForm() {
  return (
    <Form method="post" action="/auth">
      <button type="submit" name="intent" value="signout" className="button button--secondary">
        Sign out
      </button>
    </Form>
  )
}

function SignInForm({ redirectTo, data }: { redirectTo: string; data?: AuthActionData }) {
  const busy = useBusy('signin')
  return (
    <Form method="post" action="/auth" className="form-card" aria-labelledby="signin-title" noValidate>
      <h2 id="signin-title">Sign in</h2>
      <ErrorList errors={data?.errors.form} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field
        id="signin-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={data?.values.email ?? ''}
        errors={data?.errors.email}
      />
      <Field
        id="signin-password"
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        errors={data?.errors.password}
      />
      <div className="form-actions">
        <button type="submit" name="intent" value="signin" className="button" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <Link to="/auth?intent=reset">Forgot your password?</Link>
      </div>
    </Form>
  )
}

function SignUpForm({ redirectTo, data }: { redirectTo: string; data?: AuthActionData }) {
  const busy = useBusy('signup')
  return (
    <Form method="post" action="/auth" className="form-card" aria-labelledby="signup-title" noValidate>
      <h2 id="signup-title">Create an account</h2>
      <ErrorList errors={data?.errors.form} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field
        id="signup-firstName"
        label="First name"
        name="firstName"
        autoComplete="given-name"
        required
        defaultValue={data?.values.firstName ?? ''}
        errors={data?.errors.firstName}
      />
      <Field
        id="signup-lastName"
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        required
        defaultValue={data?.values.lastName ?? ''}
        errors={data?.errors.lastName}
      />
      <Field
        id="signup-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={data?.values.email ?? ''}
        errors={data?.errors.email}
      />
      <Field
        id="signup-password"
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        required
        hint={`At least ${PASSWORD_MIN} characters.`}
        errors={data?.errors.password}
      />
      <Honeypot />
      <div className="form-actions">
        <button type="submit" name="intent" value="signup" className="button" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </button>
      </div>
    </Form>
  )
}

function ForgotPasswordForm({ data }: { data?: AuthActionData }) {
  const busy = useBusy('reset')
  return (
    <div className="form-page">
      <h1>Forgot your password?</h1>
      {data?.resetSent ? (
        <div className="form-notice" role="status">
          <p>If an account uses that email, a link to choose a new password is on its way. It works once, for 30 minutes.</p>
          {data.devResetLink ? (
            <p className="dev-only">
              Development only: <a href={devPath(data.devResetLink)}>reset link</a>
            </p>
          ) : null}
        </div>
      ) : null}
      <Form method="post" action="/auth?intent=reset" className="form-card" aria-labelledby="forgot-title" noValidate>
        <h2 id="forgot-title">Get a reset link</h2>
        <p>Enter the email you signed up with and we will send you a link to choose a new password.</p>
        <Field
          id="reset-email"
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={data?.values.email ?? ''}
          errors={data?.errors.email}
        />
        <div className="form-actions">
          <button type="submit" name="intent" value="reset" className="button" disabled={busy}>
            {busy ? 'Sending…' : 'Send reset link'}
          </button>
          <Link to="/auth">Back to sign in</Link>
        </div>
      </Form>
    </div>
  )
}

/** The reset link's host may differ from the page's (APP_URL vs 127.0.0.1): follow it on this host. */
function devPath(link: string) {
  const url = new URL(link, 'http://shop.invalid')
  return `${url.pathname}${url.search}`
}

function NewPasswordForm({ token, data }: { token: string; data?: AuthActionData }) {
  const busy = useBusy('reset')
  return (
    <div className="form-page">
      <h1>Choose a new password</h1>
      <Form method="post" action={`/auth?intent=reset&token=${encodeURIComponent(token)}`} className="form-card" aria-labelledby="new-password-title" noValidate>
        <h2 id="new-password-title">New password</h2>
        <ErrorList errors={data?.errors.token} />
        {data?.errors.token ? <Link to="/auth?intent=reset">Ask for a new reset link</Link> : null}
        <input type="hidden" name="token" value={token} />
        <Field
          id="new-password"
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          required
          hint={`At least ${PASSWORD_MIN} characters.`}
          errors={data?.errors.password}
        />
        <div className="form-actions">
          <button type="submit" name="intent" value="reset" className="button" disabled={busy}>
            {busy ? 'Saving…' : 'Save new password'}
          </button>
        </div>
      </Form>
    </div>
  )
}
