// Bodies, paths and headers no form sends: the probes of the fuzz corpus that are not a naughty
// string in a form field or a query parameter.
import { NAUGHTY, type Probe } from './corpus'

/** Every path with a form. */
const FORM_PATHS = ['/auth', '/account', '/cart', '/liked', '/checkout', '/track_order', '/contact']

/** Bodies a form never takes (not a form, or no type at all): 415. */
export const UNSUPPORTED_BODIES: Probe[] = FORM_PATHS.flatMap((path) => [
  { what: `JSON to ${path}`, path, body: '{"intent":"add"}', contentType: 'application/json' },
  { what: `text to ${path}`, path, body: 'intent=add', contentType: 'text/plain' },
  { what: `XML to ${path}`, path, body: '<a/>', contentType: 'application/xml' },
  { what: `no type to ${path}`, path, body: '' },
])

/** Multipart bodies that cannot be parsed: 400. */
export const BROKEN_BODIES: Probe[] = [
  {
    what: 'multipart without boundary',
    path: '/contact',
    body: 'name=x',
    contentType: 'multipart/form-data',
  },
  {
    what: 'multipart cut short',
    path: '/cart',
    body: '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd',
    contentType: 'multipart/form-data; boundary=b',
  },
]

/** A multipart body of a 2 MB file: more than a form's 1 MB, less than an upload's limit. */
function twoMegabyteUpload(path: string): Probe {
  const boundary = 'fuzz-upload'
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n`
  return {
    what: `anonymous 2 MB upload to ${path}`,
    path,
    body: `${part}${'a'.repeat(2 * 1024 * 1024)}\r\n--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

/**
 * Bodies over the limits (1 MB for a form, 16 KB for a PayFast ITN): 413. The back office's upload
 * limits (10 MB for a photo, 20 MB for a CSV) are a signed-in staff member's only.
 */
export const OVERSIZED_BODIES: Probe[] = [
  twoMegabyteUpload('/admin/import'),
  twoMegabyteUpload('/admin/products/new'),
  {
    what: 'form over 1 MB',
    path: '/contact',
    body: `message=${'a'.repeat(1024 * 1024 + 1)}`,
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    what: 'ITN over 16 KB',
    path: '/payfast/notify',
    body: `m_payment_id=${'a'.repeat(16 * 1024)}`,
  },
]

/** Bad escapes, binary, too many fields, odd methods, files, naughty webhooks: never a 500. */
export const ODD_BODIES: Probe[] = [
  ...['/auth', '/cart', '/contact', '/track_order'].flatMap((path): Probe[] => [
    {
      what: `bad escapes to ${path}`,
      path,
      body: '%%%&intent=%E0%A4%A&email=%ZZ',
      contentType: 'application/x-www-form-urlencoded',
    },
    {
      what: `binary to ${path}`,
      path,
      body: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
      contentType: 'application/x-www-form-urlencoded',
    },
    {
      what: `many fields to ${path}`,
      path,
      body: 'intent=add&'.repeat(50_000),
      contentType: 'application/x-www-form-urlencoded',
    },
    {
      what: `long value to ${path}`,
      path,
      body: `email=${'x'.repeat(900_000)}@example.co.za`,
      contentType: 'application/x-www-form-urlencoded',
    },
    {
      what: `PUT to ${path}`,
      path,
      method: 'PUT',
      body: 'intent=add',
      contentType: 'application/x-www-form-urlencoded',
    },
    {
      what: `DELETE to ${path}`,
      path,
      method: 'DELETE',
      body: 'intent=remove',
      contentType: 'application/x-www-form-urlencoded',
    },
  ]),
  {
    what: 'a file in the contact form',
    path: '/contact',
    body: '--b\r\nContent-Disposition: form-data; name="message"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--b--\r\n',
    contentType: 'multipart/form-data; boundary=b',
  },
  {
    what: 'naughty ITN',
    path: '/payfast/notify',
    body: new URLSearchParams(NAUGHTY.slice(0, 40).map((s, i) => [`f${i}`, s])).toString(),
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    what: 'JSON ITN',
    path: '/payfast/notify',
    body: '{"payment_status":"COMPLETE"}',
    contentType: 'application/json',
  },
  {
    what: 'naughty simulator request',
    path: '/payfast/simulator/eng/process',
    body: new URLSearchParams(NAUGHTY.slice(40, 80).map((s) => ['amount', s])).toString(),
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    what: 'naughty simulator pay',
    path: '/payfast/simulator/pay',
    body: new URLSearchParams([
      ['simulator_outcome', 'COMPLETE'],
      ['return_url', '//evil.example'],
      ['signature', NAUGHTY[5]!],
    ]).toString(),
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    what: 'naughty validate',
    path: '/payfast/simulator/eng/query/validate',
    body: NAUGHTY.slice(0, 40).join('&'),
  },
]

/** Paths that cannot be decoded or point outside the shop: the 404 page. */
export const MALFORMED_PATHS = [
  '/%5C',
  '/%5c',
  '/%',
  '/%E0%A4%A',
  '/shop/%ZZ',
  '/a%00b',
  '/%5C%5Cevil.example',
  '/build/%5C.js',
  '/x%5C.css',
]

/**
 * Naughty strings (the printable ones) in cookies and request headers, in a cross-site Origin, and
 * in a stray X-Forwarded-Host beside the shop's own Origin (`shop`): never a 500.
 */
export function headerProbes(shop: string): Probe[] {
  const printable = NAUGHTY.filter((s) => /^[\x20-\x7e]*$/.test(s))
  return printable.flatMap((naughty, i): Probe[] => [
    {
      what: `headers on / with string ${i}`,
      path: i % 2 ? '/' : '/shop',
      // Like the corpus's: two in three as data requests, which read the same headers unrendered.
      asData: i % 3 !== 0,
      headers: {
        Cookie: `__session=${naughty}; __liked=${naughty}; en_toast=${naughty}`,
        'Accept-Language': naughty,
        'User-Agent': naughty,
        'X-Forwarded-For': naughty,
        Referer: naughty,
      },
    },
    {
      what: `Origin ${i} on a post`,
      path: '/cart',
      body: 'intent=add&productId=x&quantity=1',
      contentType: 'application/x-www-form-urlencoded',
      headers: { Origin: naughty, 'Sec-Fetch-Site': naughty, Cookie: `__session=${naughty}` },
    },
    {
      // The shop's own Origin with a stray forwarded host: Remix alone would answer 500.
      what: `X-Forwarded-Host ${i} on a same-origin post`,
      path: '/cart',
      body: 'intent=add&productId=x&quantity=1',
      contentType: 'application/x-www-form-urlencoded',
      headers: { Origin: shop, 'X-Forwarded-Host': naughty || 'evil.example' },
    },
  ])
}
