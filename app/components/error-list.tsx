// Conform-free, so that the forms on product cards and the mini-cart (on every page) can show their
// messages without bringing conform into the first load (docs/decisions/038-less-javascript.md).

/**
 * Messages beside a field (or at the top of a form), as a real list. `id` is what the control's
 * `aria-describedby` names. An alert by default, read out when it appears (the errors of a form,
 * a fetcher's answer); `announce={false}` for a Field's own messages, which are its description,
 * read when it gets focus (conform focuses the first field in error, the ErrorSummary takes focus
 * where a form has one), so nothing is heard twice.
 */
export function ErrorList({
  id,
  errors,
  className = 'field__errors',
  announce = true,
}: {
  id?: string
  errors?: readonly string[] | null
  className?: string
  announce?: boolean
}) {
  const shown = errors?.filter(Boolean)
  if (!shown?.length) return null
  return (
    <div id={id} className={className} role={announce ? 'alert' : undefined}>
      <ul>
        {shown.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  )
}
