// Hostile form posts against a running shop (issue 19, docs/contracts.md "Hostile input and
// limits"): how long each takes to answer, how long a /healthz sent while it is in flight waits
// (the event loop's delay), and how the server's resident memory moves. Prints figures; never
// fails.
//
//   BENCH_URL=http://127.0.0.1:3300 SHOP_PID=<the server's pid> node bench/hostile-forms.mjs [filter]
//
// SHOP_PID (Linux) adds VmRSS from /proc before and after each post. BENCH_PATH picks the form
// route (default /track_order); a filter (a regular expression) picks probes by name.
import fs from 'node:fs'

const base = process.env.BENCH_URL ?? 'http://127.0.0.1:3000'
const path = process.env.BENCH_PATH ?? '/track_order'
const pid = process.env.SHOP_PID

/** The server's resident memory in MB, or null without SHOP_PID. */
function rss() {
  if (!pid) return null
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024
}

const many = (n, field) => Array.from({ length: n }, (_, i) => field(i)).join('&')
const name = (text) => encodeURIComponent(text)
const URLENCODED = 'application/x-www-form-urlencoded'

const probes = [
  ['junk[1000000]=x', name('junk[1000000]') + '=x'],
  ['junk[10000000]=x', name('junk[10000000]') + '=x'],
  ['junk[100000000]=x', name('junk[100000000]') + '=x'],
  ['a name of 1 500 dotted segments', `${name(Array(1500).fill('a').join('.'))}=x`],
  ['1 001 fields', many(1001, () => 'email=x')],
  ['1 MB of empty fields (524 287 of them)', '&'.repeat(1024 * 1024 - 1)],
  ['260 000 fields a=x (1 MB)', 'a=x&'.repeat(260_000)],
  // The worst shapes still let through: 1 000 fields, at the deepest level and the largest index.
  ['allowed: 1 000 x email[99][99]=x', many(1000, () => `${name('email[99][99]')}=x`)],
  [
    'allowed: 1 000 distinct email[i][j]=x',
    many(1000, (i) => `${name(`email[${i % 10}][${Math.floor(i / 10)}]`)}=x`),
  ],
  [
    'allowed: 1 000 x orderId[99][99]=<1 000 characters> (1 MB)',
    many(1000, () => `${name('orderId[99][99]')}=${'y'.repeat(1000)}`),
  ],
  [
    'allowed: 1 000 distinct 200-character names',
    many(1000, (i) => `${String(i).padStart(200, 'n')}=x`),
  ],
]

const only = process.argv[2] ? new RegExp(process.argv[2]) : null
console.log(`POST ${base}${path}`)
for (const [what, body] of probes) {
  if (only && !only.test(what)) continue
  const before = rss()
  const started = performance.now()
  const posted = fetch(base + path, {
    method: 'POST',
    headers: { 'Content-Type': URLENCODED },
    body,
  }).then(async (response) => ({
    status: response.status,
    bytes: (await response.arrayBuffer()).byteLength,
    ms: performance.now() - started,
  }))
  // Sent while the post is in flight: it waits as long as the post holds the event loop.
  await new Promise((resolve) => setTimeout(resolve, 5))
  const asked = performance.now()
  await (await fetch(`${base}/healthz`)).arrayBuffer()
  const healthMs = performance.now() - asked
  const answer = await posted
  const after = rss()
  const memory =
    before === null
      ? ''
      : `; RSS ${before.toFixed(0)} -> ${after.toFixed(0)} MB (${(after - before).toFixed(1)})`
  console.log(
    `${what} (${body.length} bytes): ${answer.status} in ${answer.ms.toFixed(0)} ms, ` +
      `${answer.bytes} bytes back; /healthz meanwhile ${healthMs.toFixed(0)} ms${memory}`,
  )
}
