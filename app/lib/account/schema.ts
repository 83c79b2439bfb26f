import { z } from 'zod'

import {
  address,
  checkbox,
  email,
  firstName,
  lastName,
  newPassword,
  password,
  personalFields,
  redirectTo,
} from '~/lib/fields'

export { PASSWORD_MIN } from '~/lib/fields'

/** Firebase ID tokens are about 1 KB; custom claims are capped at 1000 bytes. 8 KB is plenty and bounded. */
export const ID_TOKEN_MAX = 8192
const GOOGLE_UNFINISHED = 'The Google sign-in did not finish. Try again.'

/**
 * The one schema of the /auth page: the submit button's `intent` picks the variant.
 * `reset` has two steps on one intent: without a token it asks for a link (email), with the link's
 * token it sets the new password.
 */
export const authFormSchema = z
  .discriminatedUnion('intent', [
    z.object({ intent: z.literal('signin'), email, password, redirectTo }),
    z.object({
      intent: z.literal('signup'),
      firstName,
      lastName,
      email,
      password: newPassword,
      /** "Send me news and offers": unticked by default; a tick records consent (sign-up). */
      marketingOptIn: checkbox,
      redirectTo,
    }),
    z.object({
      intent: z.literal('google'),
      /** The Firebase ID token from the client SDK's Google popup (posted by "Continue with Google"). */
      idToken: z
        .string({ required_error: GOOGLE_UNFINISHED })
        .trim()
        .min(1, GOOGLE_UNFINISHED)
        .max(ID_TOKEN_MAX, GOOGLE_UNFINISHED),
      redirectTo,
    }),
    z.object({ intent: z.literal('signout') }),
    z.object({
      intent: z.literal('reset'),
      /** Step 1: ask for a link. */
      email: z.string().optional(),
      /** Step 2: the token from the link, and the new password. */
      token: z.string().max(500).optional(),
      password: z.string().optional(),
    }),
  ])
  .superRefine((value, ctx) => {
    if (value.intent !== 'reset') return
    const field = value.token ? 'password' : 'email'
    const check = value.token ? newPassword.safeParse(value.password) : email.safeParse(value.email)
    if (!check.success) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: check.error.issues[0]?.message ?? 'Check this field',
      })
    }
  })
  .transform((value) =>
    value.intent === 'reset' ? { ...value, email: value.email?.trim().toLowerCase() } : value,
  )

/** The one schema of the /account page's forms: `intent` tells them apart. */
export const accountFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('profile'), ...personalFields }),
  address.extend({ intent: z.literal('address') }),
  /** "Sign out everywhere else": no fields of its own. */
  z.object({ intent: z.literal('signout-others') }),
  /** "Send me news and offers": the box as saved is the customer's choice (source `account`). */
  z.object({ intent: z.literal('marketing'), marketingOptIn: checkbox }),
])
