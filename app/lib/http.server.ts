import { getPaths } from '@conform-to/dom'

import { MAX_VARIANTS } from '~/lib/data/variants'

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

/** The most a form post may carry (docs/contracts.md "Production safety"). */
export const FORM_BODY_LIMIT = 1024 * 1024
/**
 * The most fields a form post may have. Our largest form has about 20; parsing a form into nested
 * values costs more than linear time in its field count (50 000 fields kept a route busy for 15 s).
 */
export const FORM_FIELD_LIMIT = 1000
/** The longest field name a form post may have; ours are under 40 characters. */
export const FORM_NAME_LIMIT = 200
/** The deepest field name a form uses: `variants[3].price` is three levels (docs/contracts.md). */
export const FORM_DEPTH_LIMIT = 3
/**
 * One more than the largest index a field name may have: the most rows a form has is the product
 * form's variants table. conform builds an array as long as the largest index it reads, holes and
 * all, so `junk[100000000]=x` alone would be a 100-million-slot array echoed back to the browser.
 */
export const FORM_INDEX_LIMIT = MAX_VARIANTS
/** The most an ITN may carry: PayFast's are well under 2 KB. */
export const ITN_BODY_LIMIT = 16 * 1024

/** Resource routes that read their body themselves (not as a form), with their size limits. */
const OWN_BODY_ROUTES = new Map([
  ['/payfast/notify', ITN_BODY_LIMIT],
  ['/payfast/simulator/eng/query/validate', ITN_BODY_LIMIT],
  ['/storyblok/webhook', 64 * 1024],
  ['/bobgo/webhook', 64 * 1024],
])
const NO_BODY_METHODS = new Set(['GET', 'HEAD'])
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

export type BodyRule = {
  /** Bytes the body may have; one more answers 413. */
  limit: number
  /** Whether the route reads the body as a form (anything else answers 415). */
  form: boolean
  /**
   * A back-office upload's limit: granted only to a signed-in staff member's request; anyone
   * else's body has the form limit (app/lib/auth/body-grant.server.ts).
   */
  staffOnly?: true
}

/**
 * The back office's product pages take photo uploads (docs/contracts.md "Product images": up to 10
 * MB) as multipart posts: the photo plus the form's few other fields. With JavaScript they post to
 * `/admin/products/{id}.data` (single fetch).
 */
export const PRODUCT_UPLOAD_BODY_LIMIT = 10 * 1024 * 1024 + 64 * 1024
const PRODUCT_UPLOAD_PATH = /^\/admin\/products\/[a-z0-9-]{1,120}(?:\.data)?\/?$/

/**
 * The back office's CSV import (`/admin/import`, app/lib/csv/import.server.ts) takes a file of up
 * to MAX_IMPORT_BYTES (20 MB) as a multipart post; the route itself refuses a bigger file with a
 * message, so the body may be a little over that.
 */
export const IMPORT_UPLOAD_BODY_LIMIT = 20 * 1024 * 1024 + 64 * 1024
const IMPORT_UPLOAD_PATH = /^\/admin\/import(?:\.data)?\/?$/

/** What a request's body must be before any route reads it; null when the method carries none. */
export function bodyRule(
  method: string,
  path: string,
  contentType?: string | null,
): BodyRule | null {
  if (NO_BODY_METHODS.has(method.toUpperCase())) return null
  const own = OWN_BODY_ROUTES.get(path.replace(/\/+$/, '') || '/')
  if (own) return { limit: own, form: false }
  if (PRODUCT_UPLOAD_PATH.test(path) && /^multipart\/form-data\s*;/i.test(contentType ?? '')) {
    return { limit: PRODUCT_UPLOAD_BODY_LIMIT, form: true, staffOnly: true }
  }
  if (IMPORT_UPLOAD_PATH.test(path) && /^multipart\/form-data\s*;/i.test(contentType ?? '')) {
    return { limit: IMPORT_UPLOAD_BODY_LIMIT, form: true, staffOnly: true }
  }
  return { limit: FORM_BODY_LIMIT, form: true }
}

export type BodyRefusal = { status: 400 | 413 | 415; message: string }

/**
 * Refuses a body a form route cannot read: not a form at all (415), a form that does not parse,
 * such as multipart without its boundary (400), or one whose field names would make conform build
 * more than any of our forms has (400, see `fieldNameProblem`). Routes call request.formData(),
 * which would throw on the first two and answer 500; conform would turn the last into huge arrays or
 * a recursion deep enough to overflow the stack (docs/contracts.md "Hostile input and limits").
 */
export async function formBodyRefusal(
  contentType: string | null | undefined,
  body: Uint8Array<ArrayBuffer>,
): Promise<BodyRefusal | null> {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  if (!FORM_TYPES.has(type)) {
    return {
      status: 415,
      message:
        'Unsupported Media Type: this address takes form posts only (application/x-www-form-urlencoded or multipart/form-data).',
    }
  }
  const tooMany: BodyRefusal = {
    status: 400,
    message: `Bad Request: too many form fields; a form has at most ${FORM_FIELD_LIMIT}.`,
  }
  // Counted on the bytes first: parsing 1 MB of `a&a&...` into half a million fields alone held
  // the event loop 0.25 s and grew the process by 80 MB.
  if (mayHaveTooManyFields(type, contentType ?? '', body)) return tooMany
  let form: FormData
  try {
    form = await new Response(body, { headers: { 'Content-Type': contentType ?? type } }).formData()
  } catch {
    return { status: 400, message: 'Bad Request: the form data could not be read.' }
  }
  let fields = 0
  for (const name of form.keys()) {
    if (++fields > FORM_FIELD_LIMIT) return tooMany
    const problem = fieldNameProblem(name)
    if (problem) return { status: 400, message: `Bad Request: ${problem}` }
  }
  return null
}

/**
 * Whether a form body could parse into more than FORM_FIELD_LIMIT fields, read off its bytes: one
 * more than its `&`s (url-encoded values escape theirs), or one less than its multipart boundary
 * lines. Never fewer than the parser finds; more only for bodies no browser sends (`a&&b`, a
 * boundary inside a value).
 */
function mayHaveTooManyFields(type: string, contentType: string, body: Uint8Array<ArrayBuffer>) {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  if (type === 'application/x-www-form-urlencoded') {
    return countUpTo(bytes, '&', FORM_FIELD_LIMIT) >= FORM_FIELD_LIMIT
  }
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)
  // Without a boundary the parser refuses the body (400) before making any field.
  if (!boundary) return false
  const delimiter = `--${boundary[1] ?? boundary[2]}`
  return countUpTo(bytes, delimiter, FORM_FIELD_LIMIT + 2) > FORM_FIELD_LIMIT + 1
}

/** How often `text` occurs in `bytes`, counting no further than `most`. */
function countUpTo(bytes: Buffer, text: string, most: number): number {
  let count = 0
  for (let at = bytes.indexOf(text); at !== -1 && count < most; count++) {
    at = bytes.indexOf(text, at + text.length)
  }
  return count
}

/**
 * What is wrong with a form field name, or null when conform may read it: at most FORM_NAME_LIMIT
 * characters, at most FORM_DEPTH_LIMIT levels and indexes below FORM_INDEX_LIMIT, counted on the
 * path conform itself makes of the name (its `getPaths`), so `a[]` is two levels (conform builds
 * an array under `a`) while `a[-1]`, `a[1e9]`, `a[ 5]` and `a..b` are names conform refuses and
 * skips (they build nothing, so they pass here).
 */
export function fieldNameProblem(name: string): string | null {
  if (name.length > FORM_NAME_LIMIT) {
    return `a field name is ${name.length} characters long; the most is ${FORM_NAME_LIMIT}.`
  }
  let path: (string | number)[]
  try {
    path = getPaths(name)
  } catch {
    return null
  }
  if (path.length > FORM_DEPTH_LIMIT) {
    return `the field name ${JSON.stringify(name)} is nested ${path.length} levels deep; the most is ${FORM_DEPTH_LIMIT}.`
  }
  const index = path.find((segment) => typeof segment === 'number' && segment >= FORM_INDEX_LIMIT)
  if (index !== undefined) {
    return `the field name ${JSON.stringify(name)} has the index ${index}; the largest is ${FORM_INDEX_LIMIT - 1}.`
  }
  return null
}

/**
 * Whether a request path is one the shop could have: valid percent-encoding, and no backslash or
 * control character once decoded. Anything else is the 404 page, never a 500.
 */
export function isWellFormedPath(path: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return false
  }
  // eslint-disable-next-line no-control-regex
  return !/[\\\u0000-\u001f\u007f]/.test(decoded)
}

/**
 * A request body as text, or null when it is over `limit` bytes; the rest is then not read.
 * server.mjs already refuses such bodies; this keeps a route's own limit when it runs without it.
 */
export async function readTextWithin(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > limit) return null
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}
