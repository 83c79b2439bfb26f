import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'

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

type Common = { label: ReactNode; errors?: readonly string[] | null; hint?: ReactNode; className?: string }

function useFieldIds(given?: string) {
  const fallback = useId()
  const id = given ?? fallback
  return { id, errorId: `${id}-error`, hintId: `${id}-hint` }
}

function describedBy(hint: unknown, hintId: string, errors: readonly string[] | null | undefined, errorId: string) {
  const ids = [hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean)
  return ids.length ? ids.join(' ') : undefined
}

/** A labelled input with its hint and errors wired to it (aria-invalid, aria-describedby). */
export function Field({ label, errors, hint, className, id: givenId, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const { id, errorId, hintId } = useFieldIds(givenId)
  return (
    <div className={['field', errors?.length ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(hint, hintId, errors, errorId)}
        {...input}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function TextareaField({ label, errors, hint, className, id: givenId, ...textarea }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { id, errorId, hintId } = useFieldIds(givenId)
  return (
    <div className={['field', errors?.length ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(hint, hintId, errors, errorId)}
        {...textarea}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function SelectField({
  label,
  errors,
  hint,
  className,
  id: givenId,
  options,
  placeholder,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly string[]; placeholder?: string }) {
  const { id, errorId, hintId } = useFieldIds(givenId)
  return (
    <div className={['field', errors?.length ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <select
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(hint, hintId, errors, errorId)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
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
      <input id={`hp-${name}`} type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}
