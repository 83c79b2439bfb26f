import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useActionData, useLoaderData } from '@remix-run/react'

import { HoneypotFields } from '~/components/honeypot-fields'
import { MarketingOptIn } from '~/components/customers/marketing-opt-in'
import { Field, ErrorSummary, FormErrors, VALIDATE_ON } from '~/components/forms'
import { GoogleSignIn } from '~/components/google-sign-in'
import { Link } from '~/components/link'
import { useIsPending } from '~/components/use-is-pending'
import { authAction } from '~/lib/account/auth-action.server'
import { googleSignInConfig } from '~/lib/auth/google.server'
import { authFormSchema, PASSWORD_MIN } from '~/lib/account/schema'
import { optionalUser } from '~/lib/auth/user.server'
import { env } from '~/lib/env.server'
import { safeRedirect } from '~/lib/http.server'

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
    step:
      intent === 'reset'
        ? token
          ? ('new-password' as const)
          : ('forgot' as const)
        : ('signin' as const),
    token: token ?? '',
    /** Public Firebase web config for "Continue with Google"; null unless sign-in runs on Firebase. */
    google: user ? null : googleSignInConfig(env),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  return authAction({ request, clientIp: context.clientIp ?? '' })
}

export default function AuthPage() {
  const { user, redirectTo, step, token, google } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  /** Each form shows only the reply to its own intent. */
  const replyTo = (intent: string) =>
    actionData?.intent === intent ? actionData.result : undefined

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

  if (step === 'new-password')
    return <NewPasswordForm token={token} lastResult={replyTo('reset')} />
  if (step === 'forgot') {
    return (
      <ForgotPasswordForm
        lastResult={replyTo('reset')}
        sent={actionData?.resetSent ? { devLink: actionData.devResetLink ?? null } : null}
      />
    )
  }

  return (
    <div className="form-page form-page--wide">
      <h1>Sign in or create an account</h1>
      <div className="form-page__panels form-page__panels--two">
        <div className="form-page__column">
          <SignInForm redirectTo={redirectTo} lastResult={replyTo('signin')} />
          <GoogleSignIn config={google} redirectTo={redirectTo} />
        </div>
        <SignUpForm redirectTo={redirectTo} lastResult={replyTo('signup')} />
      </div>
    </div>
  )
}

type Reply = SubmissionResult<string[]> | undefined

const constraint = getZodConstraint(authFormSchema)

/** One conform form of the /auth schema; `id` keeps the fields of the page's forms apart. */
function useAuthForm(id: string, lastResult: Reply) {
  return useForm({
    id,
    lastResult,
    constraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: authFormSchema }),
  })
}

function SignOutForm() {
  const pending = useIsPending({ formAction: '/auth', intent: 'signout' })
  return (
    <Form method="post" action="/auth">
      <input type="hidden" name="intent" value="signout" />
      <button type="submit" className="button button--secondary" disabled={pending}>
        {pending ? 'Signing out…' : 'Sign out'}
      </button>
    </Form>
  )
}

function SignInForm({ redirectTo, lastResult }: { redirectTo: string; lastResult: Reply }) {
  const pending = useIsPending({ formAction: '/auth', intent: 'signin' })
  const [form, fields] = useAuthForm('signin', lastResult)
  return (
    <Form
      method="post"
      action="/auth"
      className="form-card"
      aria-labelledby="signin-title"
      {...getFormProps(form)}
    >
      <h2 id="signin-title">Sign in</h2>
      <ErrorSummary form={form} />
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="signin" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
      <Field
        meta={fields.password}
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </button>
        <Link to="/auth?intent=reset">Forgot your password?</Link>
      </div>
    </Form>
  )
}

function SignUpForm({ redirectTo, lastResult }: { redirectTo: string; lastResult: Reply }) {
  const pending = useIsPending({ formAction: '/auth', intent: 'signup' })
  const [form, fields] = useAuthForm('signup', lastResult)
  return (
    <Form
      method="post"
      action="/auth"
      className="form-card"
      aria-labelledby="signup-title"
      {...getFormProps(form)}
    >
      <h2 id="signup-title">Create an account</h2>
      <ErrorSummary form={form} />
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field meta={fields.firstName} label="First name" autoComplete="given-name" />
      <Field meta={fields.lastName} label="Last name" autoComplete="family-name" />
      <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
      <Field
        meta={fields.password}
        label="Password"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters.`}
      />
      <MarketingOptIn
        meta={fields.marketingOptIn}
        hint="Now and then, by email. Unsubscribe in one click from any of them."
      />
      <HoneypotFields />
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Creating your account…' : 'Create account'}
        </button>
      </div>
    </Form>
  )
}

function ForgotPasswordForm({
  lastResult,
  sent,
}: {
  lastResult: Reply
  sent: { devLink: string | null } | null
}) {
  const pending = useIsPending({ formAction: '/auth', intent: 'reset' })
  const [form, fields] = useAuthForm('reset-request', lastResult)
  return (
    <div className="form-page">
      <h1>Forgot your password?</h1>
      {sent ? (
        <div className="form-notice" role="status">
          <p>
            If an account uses that email, a link to choose a new password is on its way. It works
            once, for 30 minutes.
          </p>
          {sent.devLink ? (
            <p className="dev-only">
              Development only: <a href={devPath(sent.devLink)}>reset link</a>
            </p>
          ) : null}
        </div>
      ) : null}
      <Form
        method="post"
        action="/auth?intent=reset"
        className="form-card"
        aria-labelledby="forgot-title"
        {...getFormProps(form)}
      >
        <h2 id="forgot-title">Get a reset link</h2>
        <p>
          Enter the email you signed up with and we will send you a link to choose a new password.
        </p>
        <ErrorSummary form={form} />
        <FormErrors form={form} />
        <input type="hidden" name="intent" value="reset" />
        <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
        <div className="form-actions">
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Sending…' : 'Send reset link'}
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

function NewPasswordForm({ token, lastResult }: { token: string; lastResult: Reply }) {
  const pending = useIsPending({ formAction: '/auth', intent: 'reset' })
  const [form, fields] = useAuthForm('reset-password', lastResult)
  return (
    <div className="form-page">
      <h1>Choose a new password</h1>
      <Form
        method="post"
        action={`/auth?intent=reset&token=${encodeURIComponent(token)}`}
        className="form-card"
        aria-labelledby="new-password-title"
        {...getFormProps(form)}
      >
        <h2 id="new-password-title">New password</h2>
        <ErrorSummary form={form} />
        <FormErrors form={form} />
        {form.errors?.length ? <Link to="/auth?intent=reset">Ask for a new reset link</Link> : null}
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="token" value={token} />
        <Field
          meta={fields.password}
          label="New password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Saving…' : 'Save new password'}
          </button>
        </div>
      </Form>
    </div>
  )
}
