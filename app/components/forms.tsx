import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from '@conform-to/react'
import {
  useEffect,
  useRef,
  type InputHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'

import { ErrorList } from '~/components/error-list'

// Here too for the forms that import every piece from this module.
export { ErrorList }

/**
 * Form fields driven by conform's field metadata: the control's id, name, default value, constraints,
 * `aria-invalid` and `aria-describedby` all come from `getInputProps` and friends, never by hand.
 * Usage: `<Field meta={fields.email} label="Email" type="email" autoComplete="email" />`.
 */

/**
 * When conform checks a form in the browser: on submit, then on every keystroke of a field it has
 * checked. Spread into `useForm({ ...VALIDATE_ON, ... })`.
 * NOTE: not on blur. An error appearing when a field loses focus to the submit button's mousedown
 * pushes the button down, and the click lands beside it: the form never posts.
 */
export const VALIDATE_ON = { shouldValidate: 'onSubmit', shouldRevalidate: 'onInput' } as const

/** Conform's metadata for one field; the errors are messages (strings). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of any form
export type FieldMeta = FieldMetadata<any, any, string[]>

/** Errors of the whole form (wrong password, rate limited, ...), at the top of the form. */
export function FormErrors({
  form,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's schema
  form: FormMetadata<any, string[]>
}) {
  return <ErrorList id={form.errorId} errors={form.errors} className="form-errors" />
}

/**
 * "There is a problem": at the top of a form that failed, a link to each field in error (conform's
 * `allErrors`, each field's id being conform's `{formId}-{name}`). After a submission that fails,
 * in the browser or on the server, focus moves here so a screen reader reads the problems once,
 * instead of each field's message announcing itself; a link moves focus to its field. Errors of
 * the whole form stay with FormErrors. Without JS the server's re-rendered form shows it too.
 */
export function ErrorSummary({
  form,
  title = 'There is a problem',
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's schema
  form: FormMetadata<any, string[]>
  title?: string
}) {
  const summary = useRef<HTMLDivElement>(null)
  // Set by a submit attempt, cleared by typing: only a failed submission moves focus, never
  // an error that appears while the shopper fixes a field.
  const focusNext = useRef(false)
  const problems = Object.entries(form.allErrors).flatMap(([name, messages]) =>
    name ? (messages ?? []).map((message) => ({ id: `${form.id}-${name}`, message })) : [],
  )

  useEffect(() => {
    const element = document.getElementById(form.id)
    if (!element) return
    // NOTE: conform revalidates a field as it is typed in by submitting the form with its own
    // intent button (`__intent__`); only the shopper's own submit counts.
    const onSubmit = (event: SubmitEvent) => {
      const submitter = event.submitter as HTMLButtonElement | null
      if (submitter?.name !== '__intent__') focusNext.current = true
    }
    const onInput = () => (focusNext.current = false)
    element.addEventListener('submit', onSubmit)
    element.addEventListener('input', onInput)
    return () => {
      element.removeEventListener('submit', onSubmit)
      element.removeEventListener('input', onInput)
    }
  }, [form.id])

  useEffect(() => {
    if (!focusNext.current || problems.length === 0) return
    focusNext.current = false
    summary.current?.focus()
  })

  if (problems.length === 0) return null
  const toField = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const field = document.getElementById(id)
    if (!field) return
    event.preventDefault()
    field.focus()
  }
  return (
    <div
      ref={summary}
      className="error-summary"
      tabIndex={-1}
      aria-labelledby={`${form.id}-summary-title`}
      role="group"
    >
      <h2 id={`${form.id}-summary-title`}>
        {title}: {problems.length === 1 ? '1 field to fix' : `${problems.length} fields to fix`}
      </h2>
      <ul>
        {problems.map(({ id, message }) => (
          <li key={`${id}:${message}`}>
            <a href={`#${id}`} onClick={(event) => toField(event, id)}>
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

type Frame = {
  meta: FieldMeta
  label: ReactNode
  hint?: ReactNode
  className?: string
}

/** The label, hint and errors every field shares, around its control. */
function FieldFrame({ meta, label, hint, className, children }: Frame & { children: ReactNode }) {
  return (
    <div
      className={['field', meta.errors?.length ? 'field--invalid' : '', className]
        .filter(Boolean)
        .join(' ')}
    >
      <label htmlFor={meta.id}>{label}</label>
      {hint ? (
        <p id={hintId(meta)} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      <ErrorList id={meta.errorId} errors={meta.errors} announce={false} />
    </div>
  )
}

const hintId = (meta: FieldMeta) => `${meta.id}-hint`

type InputType = 'text' | 'email' | 'password' | 'tel' | 'number' | 'search' | 'url'

/** A hidden input for a field the form carries but does not show (a row's id in a list). */
export function HiddenField({ meta }: { meta: FieldMeta }) {
  const { key, ...props } = getInputProps(meta, { type: 'hidden' })
  return <input key={key} {...props} />
}

/** A labelled input. Extra attributes (autoComplete, inputMode, ...) go onto the input. */
export function Field({
  meta,
  label,
  hint,
  className,
  type = 'text',
  ...input
}: Frame & { type?: InputType } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'id' | 'name' | 'type' | 'defaultValue' | 'form'
  >) {
  const { key, ...props } = getInputProps(meta, {
    type,
    ariaDescribedBy: hint ? hintId(meta) : undefined,
  })
  return (
    <FieldFrame meta={meta} label={label} hint={hint} className={className}>
      <input key={key} {...props} {...input} />
    </FieldFrame>
  )
}

export function TextareaField({
  meta,
  label,
  hint,
  className,
  ...textarea
}: Frame &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'defaultValue' | 'form'>) {
  const { key, ...props } = getTextareaProps(meta, {
    ariaDescribedBy: hint ? hintId(meta) : undefined,
  })
  return (
    <FieldFrame meta={meta} label={label} hint={hint} className={className}>
      <textarea key={key} {...props} {...textarea} />
    </FieldFrame>
  )
}

/** A labelled select of plain options; `placeholder` adds an empty first option. */
export function SelectField({
  meta,
  label,
  hint,
  className,
  options,
  placeholder,
  ...select
}: Frame & { options: readonly string[]; placeholder?: string } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'id' | 'name' | 'defaultValue' | 'form'
  >) {
  const { key, ...props } = getSelectProps(meta, {
    ariaDescribedBy: hint ? hintId(meta) : undefined,
  })
  return (
    <FieldFrame meta={meta} label={label} hint={hint} className={className}>
      <select key={key} {...props} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}
