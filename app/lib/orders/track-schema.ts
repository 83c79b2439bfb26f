import { z } from 'zod'

import { email } from '~/lib/fields'

import { orderId } from './order-fields'

/** The one schema of the /track_order form. Plain zod: the page validates with it too. */
export const trackFormSchema = z.object({ orderId, email })

export type TrackForm = z.output<typeof trackFormSchema>
