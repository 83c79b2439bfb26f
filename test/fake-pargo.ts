import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A fake of Pargo's API on loopback, speaking what the shop uses of it:
 *
 * - `POST /auth` with `{ username, password }`: `{ access_token, refresh_token, expires_in }` for
 *   the right credentials, 401 otherwise;
 * - `GET /pickup_points?address=&country=ZA&limit=&sort=`: with a valid Bearer token, the points in
 *   JSON:API form (`{ data: [{ id, type, attributes: { pargoPointCode, storeName, address1, ... } }] }`),
 *   up to `limit`; 401 for an unknown or revoked token.
 *
 * Every request is recorded. Outages are programmable: `failNext(500, ...)`, `setMode('hang')`.
 */

export type FakePargoPoint = {
  pargoPointCode: string
  storeName: string
  address1: string
  address2?: string
  suburb: string
  city: string
  province: string
  postalcode: string
  businessHours?: string | string[]
}

export type FakePargoRequest = {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: unknown
}

export const FAKE_PARGO_USERNAME = 'shop@karoo.example'
export const FAKE_PARGO_PASSWORD = 'fake-pargo-password'

export async function startFakePargo() {
  const requests: FakePargoRequest[] = []
  const forced: number[] = []
  const tokens = new Set<string>()
  const hanging = new Set<ServerResponse>()
  let points: FakePargoPoint[] = []
  let issued = 0
  let mode: 'ok' | 'hang' = 'ok'

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.invalid')
      const text = Buffer.concat(chunks).toString('utf8')
      let body: unknown = null
      try {
        body = text ? (JSON.parse(text) as unknown) : null
      } catch {
        body = text
      }
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      })
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(payload))
      }
      if (mode === 'hang') {
        hanging.add(res)
        res.on('close', () => hanging.delete(res))
        return
      }
      const status = forced.shift()
      if (status) return send(status, { success: false, message: `forced ${status}` })
      if (req.method === 'POST' && url.pathname === '/auth') {
        const credentials = body as { username?: unknown; password?: unknown } | null
        if (
          credentials?.username !== FAKE_PARGO_USERNAME ||
          credentials.password !== FAKE_PARGO_PASSWORD
        ) {
          return send(401, { success: false, message: 'Invalid credentials' })
        }
        const token = `token-${++issued}`
        tokens.add(token)
        return send(200, {
          access_token: token,
          refresh_token: `refresh-${issued}`,
          expires_in: 3600,
        })
      }
      if (req.method === 'GET' && url.pathname === '/pickup_points') {
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
        if (!bearer || !tokens.has(bearer))
          return send(401, { success: false, message: 'Unauthorized' })
        if (!url.searchParams.get('address') && !url.searchParams.get('lat')) {
          return send(400, { success: false, message: 'address or lat/lng required' })
        }
        const limit = Number(url.searchParams.get('limit')) || 10
        return send(200, {
          data: points.slice(0, limit).map((point, i) => ({
            id: String(1000 + i),
            type: 'pickup_points',
            attributes: point,
          })),
        })
      }
      send(404, { success: false, message: 'Not found' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    calls(method: string, path: string) {
      return requests.filter((request) => request.method === method && request.path === path)
    },
    /** The points Pargo lists, nearest first, for any address. */
    setPoints(next: FakePargoPoint[]) {
      points = structuredClone(next)
    },
    /** Pargo forgets every token it issued (they answer 401 from now on). */
    revokeTokens() {
      tokens.clear()
    },
    failNext(...statuses: number[]) {
      forced.push(...statuses)
    },
    setMode(next: 'ok' | 'hang') {
      mode = next
      if (next === 'ok') {
        for (const res of hanging) res.destroy()
        hanging.clear()
      }
    },
    reset() {
      requests.length = 0
      forced.length = 0
      tokens.clear()
      points = []
      this.setMode('ok')
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}

export type FakePargo = Awaited<ReturnType<typeof startFakePargo>>
