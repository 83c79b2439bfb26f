import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { SMTPServer } from 'smtp-server'
import { afterEach, describe, expect, it } from 'vitest'

import { memoryStore } from '~/lib/data/memory-store.test-helper'
import { openStore } from '~/lib/data/index.server'
import type { Store } from '~/lib/data/store'
import type { OutboxDraft } from '~/lib/data/types'

import {
  CLAIM_LEASE_MS,
  createMailSender,
  describeMailError,
  retryAt,
  type MailSender,
  type MailSenderOptions,
} from './sender.server'

const T0 = '2025-03-01T10:00:00.000Z'
const USER = 'shop'
const PASSWORD = 'p@ss w0rd'
const FROM = 'Karoo & Co. <orders@karoo.example>'

type Received = {
  envelopeFrom: string
  envelopeTo: string[]
  user: string | undefined
  raw: string
}

/** A real SMTP server on loopback (smtp-server, from the nodemailer project) that keeps what arrives. */
async function startSmtp(port = 0, onMessage?: (message: Received) => void) {
  const received: Received[] = []
  const waiters: { count: number; resolve: () => void }[] = []
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust, and AUTH allowed without TLS.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD)
        callback(null, { user: auth.username })
      else callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const message: Received = {
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((to) => to.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('latin1'),
        }
        received.push(message)
        onMessage?.(message)
        for (const waiter of [...waiters]) {
          if (received.length >= waiter.count) {
            waiters.splice(waiters.indexOf(waiter), 1)
            waiter.resolve()
          }
        }
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const bound = (server.server.address() as AddressInfo).port
  return {
    port: bound,
    received,
    url: `smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${bound}`,
    /** Resolves once `count` messages have arrived in all. */
    arrived(count: number) {
      if (received.length >= count) return Promise.resolve()
      return new Promise<void>((resolve) => waiters.push({ count, resolve }))
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A loopback port nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const smtp = await startSmtp()
  await smtp.close()
  return smtp.port
}

/** Headers and the text and HTML parts of a raw message, decoded. */
function parseMail(raw: string) {
  const split = (block: string) => {
    const at = block.indexOf('\r\n\r\n')
    const head = block.slice(0, at).replace(/\r\n[ \t]+/g, ' ')
    const headers = new Map<string, string>()
    for (const line of head.split('\r\n')) {
      const colon = line.indexOf(':')
      headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
    }
    return { headers, body: block.slice(at + 4) }
  }
  const decode = (body: string, encoding = '7bit') => {
    if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8')
    if (encoding === 'quoted-printable') {
      const bytes = body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      return Buffer.from(bytes, 'latin1').toString('utf8')
    }
    return Buffer.from(body, 'latin1').toString('utf8')
  }
  const { headers, body } = split(raw)
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1]
  const parts = new Map<string, string>()
  for (const block of boundary ? body.split(`--${boundary}`).slice(1, -1) : []) {
    const part = split(block.replace(/^\r\n/, ''))
    const type = (part.headers.get('content-type') ?? '').split(';')[0]!
    const content = decode(
      part.body.replace(/\r\n$/, ''),
      part.headers.get('content-transfer-encoding'),
    )
    parts.set(type, content.replace(/\r\n/g, '\n'))
  }
  return { headers, parts }
}

const draft = (key: string, overrides: Partial<OutboxDraft> = {}): OutboxDraft => ({
  key,
  to: 'thandi@example.co.za',
  replyTo: null,
  subject: `Mail for ${key}`,
  text: `Plain text for ${key}`,
  html: `<p>HTML for ${key}</p>`,
  orderId: null,
  ...overrides,
})

const subjects = (received: Received[]) =>
  received.map((message) => parseMail(message.raw).headers.get('subject')).sort()

// Everything a test opens, closed after it however it ends.
const cleanups: (() => Promise<unknown> | unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function sender(
  options: Partial<MailSenderOptions> & Pick<MailSenderOptions, 'outbox' | 'smtpUrl'>,
) {
  const warnings: string[] = []
  const created: MailSender = createMailSender({
    from: FROM,
    warn: (line) => void warnings.push(line),
    ...options,
  })
  cleanups.push(() => created.stop())
  return Object.assign(created, { warnings })
}

function tempStoreDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-mail-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

function memory(now?: () => Date): Store {
  const store = memoryStore(now ? { now } : {})
  cleanups.push(() => store.close())
  return store
}

describe('the mail sender over SMTP', () => {
  it('delivers a queued message with its headers, plain-text and HTML parts', async () => {
    const smtp = await startSmtp()
    cleanups.push(smtp.close)
    const at = new Date(T0)
    const store = memory(() => at)
    await store.outbox.enqueue(
      draft('order-paid:ORD123', {
        replyTo: 'help@karoo.example',
        orderId: 'ORD123',
        subject: 'Your order ORD123 is paid',
        text: 'Thank you!\nRooibos – Café blend: R 1 299,00',
        html: '<table><tr><td style="color:#333">Rooibos – Café blend</td></tr></table>',
      }),
    )
    const mail = sender({ outbox: store.outbox, smtpUrl: smtp.url, now: () => at })

    expect(await mail.deliverDue()).toEqual({ sent: 1, failed: 0 })

    expect(smtp.received).toHaveLength(1)
    const [message] = smtp.received as [Received]
    // Signed in with the URL's user name and (decoded) password.
    expect(message.user).toBe(USER)
    expect(message.envelopeFrom).toBe('orders@karoo.example')
    expect(message.envelopeTo).toEqual(['thandi@example.co.za'])
    const { headers, parts } = parseMail(message.raw)
    expect(headers.get('subject')).toBe('Your order ORD123 is paid')
    expect(headers.get('from')).toMatch(/^"?Karoo & Co\."? <orders@karoo\.example>$/)
    expect(headers.get('to')).toBe('thandi@example.co.za')
    expect(headers.get('reply-to')).toBe('help@karoo.example')
    expect(headers.get('message-id')).toMatch(/^<[0-9a-f]{32}@karoo\.example>$/)
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative/)
    expect(parts.get('text/plain')).toBe('Thank you!\nRooibos – Café blend: R 1 299,00')
    expect(parts.get('text/html')).toBe(
      '<table><tr><td style="color:#333">Rooibos – Café blend</td></tr></table>',
    )
    expect(await store.outbox.get('order-paid:ORD123')).toMatchObject({
      status: 'sent',
      attempts: 1,
      sentAt: T0,
      lastError: null,
    })
  })

  it("sends a marketing mail's List-Unsubscribe headers as stored (RFC 8058 one-click)", async () => {
    const smtp = await startSmtp()
    cleanups.push(smtp.close)
    const store = memory()
    const unsubscribe =
      '<https://shop.example/unsubscribe?t=dGhhbmRpQGV4YW1wbGUuY28uemE.abcdefghijklmnopqrstuvwxyz012345>'
    await store.outbox.enqueue(
      draft('back-in-stock:v1', {
        headers: {
          'List-Unsubscribe': unsubscribe,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }),
    )
    const mail = sender({ outbox: store.outbox, smtpUrl: smtp.url })
    expect(await mail.deliverDue()).toEqual({ sent: 1, failed: 0 })
    const { headers } = parseMail((smtp.received[0] as Received).raw)
    expect(headers.get('list-unsubscribe')?.replace(/\s+/g, '')).toBe(unsubscribe)
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
  })

  it('delivers what was due at start-up, mail added later at once, and mail due later on time', async () => {
    const smtp = await startSmtp()
    cleanups.push(smtp.close)
    // The real time, or ahead of it while a message due later is written.
    let ahead = 0
    const store = memory(() => new Date(Date.now() + ahead))
    await store.outbox.enqueue(draft('waiting'))
    // An hour between polls: only start-up, the in-process signal and the due time can wake it.
    const mail = sender({ outbox: store.outbox, smtpUrl: smtp.url, pollMs: 3_600_000 })
    mail.start()
    await smtp.arrived(1)

    await store.outbox.enqueue(draft('added'))
    await smtp.arrived(2)

    ahead = 1_500
    await store.outbox.enqueue(draft('due soon'))
    ahead = 0
    const soon = (await store.outbox.get('due soon'))!.dueAt
    await smtp.arrived(3)
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(soon))
    expect(subjects(smtp.received)).toEqual([
      'Mail for added',
      'Mail for due soon',
      'Mail for waiting',
    ])
    expect(mail.warnings).toEqual([])
  })

  it('retries a refused connection after a minute and delivers once the server is back', async () => {
    const port = await closedPort()
    let at = new Date(T0)
    const store = memory(() => at)
    await store.outbox.enqueue(draft('reset:abc'))
    const url = `smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}`
    const mail = sender({ outbox: store.outbox, smtpUrl: url, now: () => at })

    expect(await mail.deliverDue()).toEqual({ sent: 0, failed: 1 })
    const failed = await store.outbox.get('reset:abc')
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, dueAt: retryAt(1, at) })
    expect(failed!.dueAt).toBe('2025-03-01T10:01:00.000Z')
    expect(failed!.lastError).toMatch(/ECONNREFUSED/)
    expect(failed!.lastError).not.toMatch(/\n/)
    expect(mail.warnings).toHaveLength(1)
    for (const text of [failed!.lastError!, ...mail.warnings]) {
      expect(text).not.toContain(PASSWORD)
      expect(text).not.toContain(encodeURIComponent(PASSWORD))
    }

    const smtp = await startSmtp(port)
    cleanups.push(smtp.close)
    // Not due yet: the server being back changes nothing until the retry time.
    at = new Date('2025-03-01T10:00:59.000Z')
    expect(await mail.deliverDue()).toEqual({ sent: 0, failed: 0 })
    at = new Date('2025-03-01T10:01:00.000Z')
    expect(await mail.deliverDue()).toEqual({ sent: 1, failed: 0 })
    expect(subjects(smtp.received)).toEqual(['Mail for reset:abc'])
    expect(await store.outbox.get('reset:abc')).toMatchObject({
      status: 'sent',
      attempts: 2,
      sentAt: '2025-03-01T10:01:00.000Z',
    })
  })

  it('tries after 1, 5, 30 and 120 minutes, then marks the message failed for good', async () => {
    const port = await closedPort()
    let at = new Date(T0)
    const store = memory(() => at)
    await store.outbox.enqueue(draft('contact:m1:shop'))
    const mail = sender({
      outbox: store.outbox,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      now: () => at,
    })
    const waits: number[] = []
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await mail.deliverDue()).toEqual({ sent: 0, failed: 1 })
      const message = (await store.outbox.get('contact:m1:shop'))!
      expect(message.attempts).toBe(attempt)
      if (message.status === 'failed') break
      waits.push((Date.parse(message.dueAt) - at.getTime()) / 60_000)
      at = new Date(message.dueAt)
    }
    expect(waits).toEqual([1, 5, 30, 120])
    expect(await store.outbox.get('contact:m1:shop')).toMatchObject({
      status: 'failed',
      attempts: 5,
    })
    expect(await store.outbox.countFailed()).toBe(1)
    expect(mail.warnings.at(-1)).toMatch(/contact:m1:shop .*failed for good/)
    at = new Date(at.getTime() + 24 * 3_600_000)
    expect(await mail.deliverDue()).toEqual({ sent: 0, failed: 0 })
  })

  it('after a restart mid-queue, a new sender delivers what the first left, each once', async () => {
    const dataDir = tempStoreDir()
    let at = new Date(T0)
    const first = await openStore({ backend: 'sqlite', dataDir, now: () => at })
    for (const key of ['q1', 'q2', 'q3', 'q4']) await first.outbox.enqueue(draft(key))
    const shop: { sender?: MailSender; stopped?: Promise<void> } = {}
    // The shop stops while the first message is on the wire.
    const smtp = await startSmtp(0, () => (shop.stopped ??= shop.sender!.stop()))
    cleanups.push(smtp.close)
    shop.sender = sender({ outbox: first.outbox, smtpUrl: smtp.url, now: () => at })
    expect(await shop.sender.deliverDue()).toEqual({ sent: 1, failed: 0 })
    await shop.stopped
    // And one claimed by an instance that died before sending it.
    const [orphan] = await first.outbox.claimDue(CLAIM_LEASE_MS, 1)
    expect(orphan).toBeDefined()
    await first.close()

    at = new Date(Date.parse(T0) + CLAIM_LEASE_MS)
    const second = await openStore({ backend: 'sqlite', dataDir, now: () => at })
    cleanups.push(() => second.close())
    const secondSender = sender({ outbox: second.outbox, smtpUrl: smtp.url, now: () => at })
    expect(await secondSender.deliverDue()).toEqual({ sent: 3, failed: 0 })
    expect(subjects(smtp.received)).toEqual([
      'Mail for q1',
      'Mail for q2',
      'Mail for q3',
      'Mail for q4',
    ])
    const sent = await second.outbox.list({ offset: 0, limit: 10, status: 'sent' })
    expect(sent.total).toBe(4)
  })

  it('delivers one copy per event when two senders share the outbox', async () => {
    const smtp = await startSmtp()
    cleanups.push(smtp.close)
    const dataDir = tempStoreDir()
    const at = new Date(T0)
    const one = await openStore({ backend: 'sqlite', dataDir, now: () => at })
    const two = await openStore({ backend: 'sqlite', dataDir, now: () => at })
    cleanups.push(
      () => one.close(),
      () => two.close(),
    )
    const keys = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6']
    for (const key of keys) await one.outbox.enqueue(draft(key))
    // The same events again (a replayed ITN, a double click), through the other instance.
    for (const key of keys) expect(await two.outbox.enqueue(draft(key))).toBe(false)

    const a = sender({ outbox: one.outbox, smtpUrl: smtp.url, now: () => at })
    const b = sender({ outbox: two.outbox, smtpUrl: smtp.url, now: () => at })
    const [fromA, fromB] = await Promise.all([a.deliverDue(), b.deliverDue()])
    expect(fromA.sent + fromB.sent).toBe(6)
    expect(fromA.failed + fromB.failed).toBe(0)
    expect(subjects(smtp.received)).toEqual(keys.map((key) => `Mail for ${key}`))
  })
})

describe('mail errors', () => {
  it('come out on one line without the SMTP user name or password', () => {
    const url = `smtps://${USER}:${encodeURIComponent(PASSWORD)}@mail.example:465`
    const error = new Error(`Login as ${USER} with ${PASSWORD} refused\n  by ${url}`, {
      cause: new Error('535 5.7.8 Authentication failed'),
    })
    const text = describeMailError(error, url)
    expect(text).not.toMatch(/\n/)
    expect(text).not.toContain(PASSWORD)
    expect(text).not.toContain(encodeURIComponent(PASSWORD))
    expect(text).not.toContain(`${USER}:`)
    expect(text).toContain('535 5.7.8 Authentication failed')
  })
})
