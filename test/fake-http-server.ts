import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * The loopback HTTP server under the fakes of outside services (Bob Go, Pargo, Storyblok's CDN,
 * Cloud Storage): it listens on 127.0.0.1 on a free port, records every request with its body,
 * answers through the fake's own `respond`, and stages the outages tests ask for: `failNext`
 * statuses, `hang` (accepts and never answers) and `error` (answers everything 500), before
 * `respond` sees the request.
 */

export type FakeHttpRequest = {
  method: string
  url: URL
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  /** The body as JSON when it parses, else its text; null when empty. */
  body: unknown
  bytes: Buffer
}

export type FakeHttpReply = {
  /** Answers `status` with `payload` as JSON. */
  json(status: number, payload: unknown, headers?: OutgoingHttpHeaders): void
  /** The response itself, for anything but JSON. */
  res: ServerResponse
}

/** `ok` answers; `hang` accepts requests and never answers them; `error` answers 500. */
export type FakeHttpMode = 'ok' | 'hang' | 'error'

export type FakeHttpOptions = {
  /** The JSON body of a staged failure, from its message; default `{ message }`. */
  failure?: (message: string) => unknown
}

export type FakeHttpServer = Awaited<ReturnType<typeof startFakeHttpServer>>

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

function parseBody(bytes: Buffer): unknown {
  const text = bytes.toString('utf8')
  if (!text) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export async function startFakeHttpServer(
  respond: (request: FakeHttpRequest, reply: FakeHttpReply) => void | Promise<void>,
  options: FakeHttpOptions = {},
) {
  const failure = options.failure ?? ((message: string) => ({ message }))
  const requests: FakeHttpRequest[] = []
  const forced: number[] = []
  const hanging = new Set<ServerResponse>()
  let mode: FakeHttpMode = 'ok'

  function setMode(next: FakeHttpMode) {
    mode = next
    if (next !== 'hang') {
      for (const res of hanging) res.destroy()
      hanging.clear()
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake.invalid')
    const bytes = await readBody(req)
    const request: FakeHttpRequest = {
      method: req.method ?? 'GET',
      url,
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: parseBody(bytes),
      bytes,
    }
    requests.push(request)
    const reply: FakeHttpReply = {
      json(status, payload, headers = {}) {
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
        res.end(JSON.stringify(payload))
      },
      res,
    }
    if (mode === 'hang') {
      hanging.add(res)
      res.on('close', () => hanging.delete(res))
      return
    }
    if (mode === 'error') return reply.json(500, failure('Internal Server Error'))
    const status = forced.shift()
    if (status) return reply.json(status, failure(`forced ${status}`))
    await respond(request, reply)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A fake that throws answers 500 with why, rather than leaving the client to time out.
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
      res.end(`fake server failed: ${String(error)}`)
    })
  })
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  await listen(0)
  const { port } = server.address() as AddressInfo

  return {
    port,
    /** The base URL, http://127.0.0.1:{port}. */
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Requests to one route, e.g. `calls('POST', '/v2/orders')`. */
    calls(method: string, path: string) {
      return requests.filter((request) => request.method === method && request.path === path)
    },
    /** The next requests answer these statuses, in order. */
    failNext(...statuses: number[]) {
      forced.push(...statuses)
    },
    /** Clears staged failures and recorded requests, and answers again. */
    reset() {
      forced.length = 0
      requests.length = 0
      setMode('ok')
    },
    get mode() {
      return mode
    },
    /** Switches between answering and the outages; leaving `hang` drops the requests it held. */
    setMode,
    /** Stops listening and drops every connection (requests left hanging end with it). */
    close() {
      if (!server.listening) return Promise.resolve()
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
    },
    /** Listens again on the same port after close (an outage that refused connections ends). */
    reopen: () => listen(port),
  }
}
