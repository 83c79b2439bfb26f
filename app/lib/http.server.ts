/** A thrown 404: the root error boundary renders "This page could not be found". */
export function notFound(message = 'This page could not be found') {
  return new Response(message, { status: 404, statusText: 'Not Found' })
}

/** Only same-origin paths: "/account" yes, "//evil.example" or "https://evil.example" no. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) {
    return fallback
  }
  try {
    const url = new URL(to, 'http://shop.invalid')
    if (url.origin !== 'http://shop.invalid') return fallback
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return fallback
  }
}
