import { randomBytes } from 'node:crypto'
import fs from 'node:fs'

import type { Page } from '@playwright/test'

import { orderLinkKey } from '~/lib/orders/order-link.server'

import { fillCheckout, reachSimulator } from './checkout-steps'
import { buyBox, expect, test } from './fixtures'
import { E2E_SESSION_SECRET, serverLogFile } from './shop-server'

/**
 * The server's log during a purchase (docs/contracts.md "Production"): the e2e server's stdout is
 * kept in a file (e2e/log-tee.mjs). Every line is a JSON object naming its request or its job,
 * the lines a request causes share its id, and no line holds a secret: the session secret, the
 * password typed, the order link's key, the session cookie, a PayFast signature or a full email.
 */

type LogLine = Record<string, unknown>

function logFile(): string {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set: run the specs through playwright.config.ts')
  return serverLogFile(dataDir)
}

/**
 * The log's lines written since byte `from` (0: the whole run's log so far). A late test finds
 * thousands of lines there, so waiting for a line reads only the test's own window.
 */
function readLog(from: number): { raw: string[]; lines: LogLine[] } {
  const file = fs.openSync(logFile(), 'r')
  try {
    // From the byte before `from`, dropping what comes before its first newline: a line another
    // test's request was writing at `from` is left out whole.
    const start = Math.max(0, from - 1)
    const bytes = Buffer.alloc(Math.max(0, fs.fstatSync(file).size - start))
    fs.readSync(file, bytes, 0, bytes.length, start)
    let text = bytes.toString('utf8')
    if (from > 0) text = text.slice(text.indexOf('\n') + 1)
    // A last line still being written (by another test's request) is left for a later read.
    const raw = text
      .slice(0, text.lastIndexOf('\n') + 1)
      .split('\n')
      .filter(Boolean)
    return {
      raw,
      lines: raw.map((line) => {
        try {
          return JSON.parse(line) as LogLine
        } catch {
          return { unparsed: line }
        }
      }),
    }
  } finally {
    fs.closeSync(file)
  }
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto('/auth')
  const form = page.getByRole('form', { name: 'Create an account' })
  await form.getByLabel('First name').fill('Sipho')
  await form.getByLabel('Last name').fill('Dlamini')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'Create account' }).click()
  await expect(
    page.getByRole('navigation', { name: 'Your shop' }).getByRole('link', { name: 'Account' }),
  ).toBeVisible()
}

test('a purchase leaves JSON lines, each naming its request or job, sharing ids, with no secret', async ({
  page,
  javaScript,
  createProduct,
}) => {
  // This test's window of the log starts here.
  const from = fs.existsSync(logFile()) ? fs.statSync(logFile()).size : 0
  const email = `logs-${randomBytes(4).toString('hex')}@example.co.za`
  const password = `karoo-log-${randomBytes(6).toString('hex')}`
  await signUp(page, email, password)

  const product = await createProduct({ stock: 5 })
  await page.goto(product.href)
  await buyBox(page).getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByText(`Added 1 × ${product.name} to your cart`).first()).toBeAttached()
  await page.goto('/checkout')
  await fillCheckout(page, null)
  const orderId = await reachSimulator(page, javaScript)
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expect(page.getByText('Status: Paid')).toBeVisible()

  // The order's own link, with its key, under an id of the test's choosing (as a proxy sends one).
  const key = orderLinkKey(orderId, [E2E_SESSION_SECRET])
  const requestId = `e2e-logs-${randomBytes(6).toString('hex')}`
  const link = await page.request.get(`/orders/${orderId}?key=${key}`, {
    headers: { 'X-Request-Id': requestId },
  })
  expect(link.status()).toBe(200)
  expect(link.headers()['x-request-id']).toBe(requestId)

  // Lines reach the file a moment after the response: wait for the order link's.
  await expect
    .poll(() =>
      readLog(from).lines.some((line) => line.requestId === requestId && 'status' in line),
    )
    .toBe(true)
  const { lines } = readLog(from)

  // Every line of the whole run so far: a JSON object with Cloud Logging's fields, naming its
  // request or its job (checked by plain predicates: the log holds thousands of lines by now).
  const whole = readLog(0)
  const SEVERITY = /^(DEBUG|INFO|WARNING|ERROR|CRITICAL)$/
  const malformed = whole.lines.filter(
    (line) =>
      typeof line.time !== 'string' ||
      typeof line.severity !== 'string' ||
      !SEVERITY.test(line.severity) ||
      typeof line.message !== 'string' ||
      (typeof line.requestId !== 'string' && typeof line.job !== 'string'),
  )
  expect(
    malformed.slice(0, 5),
    `${malformed.length} lines without time, severity, message and a request id or job`,
  ).toEqual([])

  // The order link's request line: the key redacted, the route named, the page cache's answer.
  const linkLine = lines.find((line) => line.requestId === requestId && 'status' in line)
  expect(linkLine).toMatchObject({
    method: 'GET',
    path: `/orders/${orderId}?key=[redacted]`,
    route: 'routes/orders.$id',
    status: 200,
    cache: expect.stringMatching(/^(hit|miss|bypass)$/),
    durationMs: expect.any(Number),
    user: expect.stringMatching(/^[0-9a-f]{16}$/),
  })

  // The payment: the ITN's request moved the order, and its lines share the request's id.
  const paid = lines.find((line) => line.orderId === orderId && line.move === 'pay')
  expect(paid, `the pay move of ${orderId}`).toBeDefined()
  const itnRequest = lines.filter((line) => line.requestId === paid!.requestId)
  expect(itnRequest).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ message: expect.stringMatching(/^PayFast ITN accepted/) }),
      expect.objectContaining({ method: 'POST', path: '/payfast/notify', status: 200 }),
    ]),
  )
  // Placing it: one line with the order's id, from checkout's request.
  expect(
    lines.filter((line) => line.message === `Order ${orderId} placed (pending_payment)`),
  ).toHaveLength(1)

  // No secret, anywhere in the log.
  const session = (await page.context().cookies()).find((cookie) => cookie.name === '__session')
  expect(session, 'the session cookie').toBeDefined()
  const text = whole.raw.join('\n')
  for (const [what, secret] of [
    ['the session secret', E2E_SESSION_SECRET],
    ['the password typed', password],
    ["the order link's key", key],
    ['the session cookie', session!.value],
    ["the buyer's email", email],
  ] as const) {
    expect(text.includes(secret), `${what} in the log`).toBe(false)
  }
  // A PayFast signature is 32 hex digits; a full email has two or more characters before its @.
  expect(text).not.toMatch(/\b[0-9a-f]{32}\b/)
  expect(text).not.toMatch(/[A-Za-z0-9._%+-]{2,}@[A-Za-z0-9-]+\.[A-Za-z]{2,}/)
})
