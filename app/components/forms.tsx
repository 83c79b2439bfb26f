import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'

/** Messages beside a field (or the whole form); announced by screen readers when they appear. */
export function ErrorList({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
  if (!errors?.length) return null
  return (
    <ul id={id} className="field__errors" role="alert">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}

type Common = {
  label: ReactNode
  errors?: readonly string[] | null
  hint?: ReactNode
  className?: string
}

/**
 * The frame every field shares: label, hint, the control, its errors. `control` receives the
 * id and ARIA attributes that tie the hint and errors to it.
 */
function FieldFrame({
  label,
  errors,
  hint,
  className,
  id: givenId,
  control,
}: Common & {
  id?: string
  control: (aria: {
    id: string
    'aria-invalid': true | undefined
    'aria-describedby': string | undefined
  }) => ReactNode
}) {
  const fallback = useId()
  const id = givenId ?? fallback
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : null, errors?.length ? errorId : null]
    .filter(Boolean)
    .join(' ')
  return (
    <div
      className={['field', errors?.length ? 'field--invalid' : '', className]
        .filter(Boolean)
        .join(' ')}
    >
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {control({
        id,
        'aria-invalid': errors?.length ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/** A labelled input with its hint and errors wired to it (aria-invalid, aria-describedby). */
export function Field({
  label,
  errors,
  hint,
  className,
  id,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame
      label={label}
      errors={errors}
      hint={hint}
      className={className}
      id={id}
      control={(aria) => <input {...aria} {...input} />}
    />
  )
}

export function TextareaField({
  label,
  errors,
  hint,
  className,
  id,
  ...textarea
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame
      label={label}
      errors={errors}
      hint={hint}
      className={className}
      id={id}
      control={(aria) => <textarea {...aria} {...textarea} />}
    />
  )
}

export function SelectField({
  label,
  errors,
  hint,
  className,
  id,
  options,
  placeholder,
  ...select
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & { options: readonly string[]; placeholder?: string }) {
  return (
    <FieldFrame
      label={label}
      errors={errors}
      hint={hint}
      className={className}
      id={id}
      control={(aria) => (
        <select {...aria} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    />
  )
}

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from assistive
 * technology) that bots fill in. A filled honeypot makes the action pretend success and store nothing.
 */
export function Honeypot({ name = 'website' }: { name?: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={`hp-${name}`}>Leave this field empty</label>
      <input
        id={`hp-${name}`}
        type="text"
        name={name}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  )
}
