import { z } from 'zod'

import { firstNameSchema, lastNameSchema } from './address'

export const PASSWORD_MIN = 8

const email = z
  .string({ required_error: 'Enter your email address' })
  .trim()
  .min(1, 'Enter your email address')
  .max(254, 'That email address is too long')
  .email('Enter an email address like name@example.co.za')
  .transform((value) => value.toLowerCase())

const newPassword = z
  .string({ required_error: `Choose a password of at least ${PASSWORD_MIN} characters` })
  .min(PASSWORD_MIN, `Choose a password of at least ${PASSWORD_MIN} characters`)
  .max(200, 'Keep your password to 200 characters or fewer')

const redirectTo = z.string().optional()

/** Firebase ID tokens are about 1 KB; custom claims are capped at 1000 bytes. 8 KB is plenty and bounded. */
export const ID_TOKEN_MAX = 8192

/** The one schema of the /auth form: the submit button's `intent` picks the variant. */
export const authFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('signin'),
    email,
    password: z.string({ required_error: 'Enter your password' }).min(1, 'Enter your password'),
    redirectTo,
  }),
  z.object({
    intent: z.literal('signup'),
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email,
    password: newPassword,
    redirectTo,
    /** Honeypot: people never see it; bots fill it in. */
    website: z.string().optional(),
  }),
  z.object({
    intent: z.literal('google'),
    /** The Firebase ID token from the client SDK's Google popup (posted by the "Continue with Google" button). */
    idToken: z
      .string({ required_error: 'The Google sign-in did not finish. Try again.' })
      .trim()
      .min(1, 'The Google sign-in did not finish. Try again.')
      .max(ID_TOKEN_MAX, 'The Google sign-in did not finish. Try again.'),
    redirectTo,
  }),
  z.object({ intent: z.literal('signout') }),
  z.object({
    intent: z.literal('reset'),
    /** Step 1: ask for a link. */
    email: z.string().optional(),
    /** Step 2: the token from the link, and the new password. */
    token: z.string().optional(),
    password: z.string().optional(),
  }),
])
  .superRefine((value, ctx) => {
    if (value.intent !== 'reset') return
    const check = value.token ? newPassword.safeParse(value.password ?? '') : email.safeParse(value.email ?? '')
    if (!check.success) {
      ctx.addIssue({
        code: 'custom',
        path: [value.token ? 'password' : 'email'],
        message: check.error.issues[0]?.message ?? 'Check this field',
      })
    }
  })
  .transform((value) =>
    value.intent === 'reset' ? { ...value, email: value.email?.trim().toLowerCase() } : value,
  )

export type AuthForm = z.output<typeof authFormSchema>
