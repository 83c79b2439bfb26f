import { z } from 'zod'

import { email, fullName, requiredText } from '~/lib/fields'

import { MESSAGE_MAX, MESSAGE_MIN } from './limits'

const MESSAGE_ASK = `Write a message of at least ${MESSAGE_MIN} characters`

/** The one schema of the contact form. Plain zod: the page validates with it too. */
export const contactFormSchema = z.object({
  name: fullName,
  email,
  subject: requiredText('subject', 150, 'Enter a subject'),
  message: z
    .string({ required_error: MESSAGE_ASK })
    .trim()
    .min(MESSAGE_MIN, MESSAGE_ASK)
    .max(MESSAGE_MAX, `Keep the message to ${MESSAGE_MAX} characters or fewer`),
})
