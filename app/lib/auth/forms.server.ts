import { type z } from 'zod'

/** Field name -> messages, as the forms render them beside each field. */
export type FieldErrors = Record<string, string[] | undefined>

export type FormResult<T> =
  | { ok: true; data: T; values: Record<string, string> }
  | { ok: false; errors: FieldErrors; values: Record<string, string> }

/** The submitted text values, to re-fill a form after an error. Passwords and honeypots are never echoed. */
export function submittedValues(formData: FormData, omit: readonly string[] = ['password', 'website']) {
  const values: Record<string, string> = {}
  for (const [key, value] of formData) {
    if (typeof value === 'string' && !omit.includes(key)) values[key] = value
  }
  return values
}

/** Parses a form with one zod schema; errors keyed by field name ("form" for errors of the whole form). */
export function parseForm<S extends z.ZodTypeAny>(schema: S, formData: FormData): FormResult<z.output<S>> {
  const values = submittedValues(formData)
  const result = schema.safeParse(Object.fromEntries(formData))
  if (result.success) return { ok: true, data: result.data, values }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'form'
    ;(errors[key] ??= []).push(issue.message)
  }
  return { ok: false, errors, values }
}
