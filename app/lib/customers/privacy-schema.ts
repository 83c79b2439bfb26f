import { z } from 'zod'

import { password, PASSWORD_MAX } from '~/lib/fields'

/** The page of a customer's POPIA requests, and where its data download is posted. */
export const PRIVACY_PATH = '/account/privacy'
export const EXPORT_PATH = `${PRIVACY_PATH}/export`

/** The token of a mailed deletion link: `{expires}.{signature}`, bounded. */
export const DELETE_TOKEN_MAX = 100
const LINK_EXPIRED = 'This confirmation link has expired or is not right. Ask for a new one below.'

/**
 * The forms of /account/privacy, told apart by `intent`: `export` downloads the data, `delete`
 * deletes a local account with its `password` (a Firebase account gets a mailed link instead, so
 * its form has no password), `confirm-delete` is the mailed link's button with its `token`.
 */
export function privacyFormSchema(needsPassword: boolean) {
  return z.discriminatedUnion('intent', [
    z.object({ intent: z.literal('export') }),
    z.object({
      intent: z.literal('delete'),
      password: needsPassword ? password : z.string().max(PASSWORD_MAX).optional(),
    }),
    z.object({
      intent: z.literal('confirm-delete'),
      token: z
        .string({ required_error: LINK_EXPIRED })
        .min(1, LINK_EXPIRED)
        .max(DELETE_TOKEN_MAX, LINK_EXPIRED),
    }),
  ])
}

export type PrivacyIntent = 'export' | 'delete' | 'confirm-delete'
