/** A thrown 404: the root error boundary renders "This page could not be found". */
export function notFound(message = 'This page could not be found') {
  return new Response(message, { status: 404, statusText: 'Not Found' })
}

const SHOP_ORIGIN = 'http://shop.invalid'

/**
 * Only same-origin paths: "/account" yes; "//evil.example", "https://evil.example" and anything a
 * browser would read as another host no. The check runs on the normalised path, which is also what
 * is returned: "/.//evil.example" normalises to "//evil.example", a protocol-relative URL.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (typeof to !== 'string') return fallback
  const target = to.trim()
  // Browsers read a backslash as a slash and drop tabs and newlines inside URLs: refuse them outright.
  // eslint-disable-next-line no-control-regex
  if (!target.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(target)) return fallback
  let url: URL
  try {
    url = new URL(target, SHOP_ORIGIN)
  } catch {
    return fallback
  }
  if (url.origin !== SHOP_ORIGIN) return fallback
  const path = `${url.pathname}${url.search}${url.hash}`
  return path.startsWith('//') ? fallback : path
}
