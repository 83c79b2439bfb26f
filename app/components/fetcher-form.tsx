import type { getFormProps, SubmissionResult } from '@conform-to/react'
import type { FetcherWithComponents } from '@remix-run/react'
import type { FormEvent, FormHTMLAttributes } from 'react'

/**
 * A plain `<form method="post">` that, once hydrated, submits through `fetcher`: the same HTML and
 * behaviour as `fetcher.Form` for absolute actions, without its per-render cost. Remix's Form
 * resolves its action against the route tree on every render; with two forms on each of the 24
 * product cards of /shop that was a third of the page's server render time (bench/).
 * With conform's `formProps` (`getFormProps(form)`), the form carries conform's id and aria
 * attributes, and a submission conform finds invalid is not sent. The caller calls `getFormProps`:
 * this module imports only conform's types, so the card forms on every page load without conform
 * (docs/decisions/038-less-javascript.md).
 */
export function FetcherForm<T>({
  fetcher,
  action,
  formProps: conform,
  ...props
}: {
  fetcher: FetcherWithComponents<T>
  action: string
  formProps?: ReturnType<typeof getFormProps>
} & Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'method' | 'onSubmit' | 'id'>) {
  const { onSubmit: validate, ...formProps } = conform ?? { onSubmit: undefined }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    validate?.(event)
    if (event.defaultPrevented) return
    event.preventDefault()
    // The clicked button carries `intent`: submit it, not the bare form, so its name and value go too.
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    fetcher.submit(submitter instanceof HTMLButtonElement ? submitter : event.currentTarget)
  }
  return <form method="post" action={action} onSubmit={onSubmit} {...formProps} {...props} />
}

/**
 * Every message of an action's conform result, for the card forms that show them together.
 *
 * NOTE: the forms on product cards (add to cart, like) have no field a shopper fills in, so they
 * read the result like this instead of through `useForm`: 24 cards with two `useForm`s each made
 * the /shop page's server render about four times slower for no visible gain.
 */
export function resultMessages(result: SubmissionResult<string[]> | undefined): string[] {
  return Object.values(result?.error ?? {}).flatMap((messages) => messages ?? [])
}
