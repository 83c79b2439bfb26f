import type { FetcherWithComponents } from '@remix-run/react'
import type { FormEvent, FormHTMLAttributes } from 'react'

/**
 * A plain `<form method="post">` that, once hydrated, submits through `fetcher`: the same HTML and
 * behaviour as `fetcher.Form` for absolute actions, without its per-render cost. Remix's Form
 * resolves its action against the route tree on every render; with two forms on each of the 24
 * product cards of /shop that was a third of the page's server render time (bench/).
 */
export function FetcherForm<T>({
  fetcher,
  action,
  ...props
}: { fetcher: FetcherWithComponents<T>; action: string } & Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'action' | 'method' | 'onSubmit'
>) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The clicked button carries `intent`: submit it, not the bare form, so its name and value go too.
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    fetcher.submit(submitter instanceof HTMLButtonElement ? submitter : event.currentTarget)
  }
  return <form method="post" action={action} onSubmit={onSubmit} {...props} />
}
