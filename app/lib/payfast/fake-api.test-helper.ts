import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { apiSignature, PAYFAST_API_VERSION } from './refunds.server'

/** How the fake answers a well-signed refund: PayFast's success, an error status, or never. */
export type FakeAnswer = 'success' | { status: number; body?: string } | 'hang'

export type FakeRefundCall = {
  path: string
  pfPaymentId: string
  query: string
  headers: Record<string, string>
  body: Record<string, string>
  /** Whether the headers and signature were as PayFast checks them. */
  signed: boolean
}

/**
 * A fake PayFast API on loopback for tests: `POST /refunds/{id}` checks the merchant headers and
 * the signature as PayFast does (401 when wrong) and answers as `answer` says. `calls` holds every
 * request seen. Close it with `close()`.
 */
export async function startFakePayfastApi(options: {
  merchantId: string
  passphrase?: string
  answer?: FakeAnswer
}) {
  const calls: FakeRefundCall[] = []
  const state = { answer: options.answer ?? ('success' as FakeAnswer) }
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const match = /^\/refunds\/([^/]+)$/.exec(url.pathname)
      const header = (name: string) => {
        const value = req.headers[name]
        return typeof value === 'string' ? value : ''
      }
      let body: Record<string, string> = {}
      try {
        const parsed = JSON.parse(raw) as Record<string, unknown>
        body = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]))
      } catch {
        body = {}
      }
      const headers = {
        'merchant-id': header('merchant-id'),
        version: header('version'),
        timestamp: header('timestamp'),
      }
      const expected = apiSignature({ ...headers, ...body }, options.passphrase)
      const signed =
        req.method === 'POST' &&
        headers['merchant-id'] === options.merchantId &&
        headers.version === PAYFAST_API_VERSION &&
        !Number.isNaN(Date.parse(headers.timestamp)) &&
        header('signature') === expected
      calls.push({
        path: url.pathname,
        pfPaymentId: match?.[1] ?? '',
        query: url.search,
        headers: { ...headers, signature: header('signature') },
        body,
        signed,
      })
      if (!match) return void res.writeHead(404).end('{"code":404,"status":"failed"}')
      if (!signed) {
        return void res
          .writeHead(401, { 'Content-Type': 'application/json' })
          .end(
            '{"code":401,"status":"failed","data":{"response":"Merchant authorization failed.","message":"Failed"}}',
          )
      }
      const answer = state.answer
      if (answer === 'hang') return
      if (answer === 'success') {
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(
          JSON.stringify({
            code: 200,
            status: 'success',
            data: { response: { id: `refund-${calls.length}`, status: 'COMPLETE' } },
          }),
        )
      }
      res
        .writeHead(answer.status, { 'Content-Type': 'application/json' })
        .end(answer.body ?? `{"code":${answer.status},"status":"failed"}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    answer(next: FakeAnswer) {
      state.answer = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
