import { z } from 'zod'

export const toastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(['success', 'error', 'info']).default('info'),
  title: z.string().min(1),
  description: z.string().optional(),
})

export type Toast = z.output<typeof toastSchema>
export type ToastInput = z.input<typeof toastSchema>
