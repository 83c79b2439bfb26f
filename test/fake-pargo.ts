import { startFakeHttpServer, type FakeHttpRequest } from './fake-http-server'

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

export type FakePargoRequest = FakeHttpRequest

export const FAKE_PARGO_USERNAME = 'shop@karoo.example'
export const FAKE_PARGO_PASSWORD = 'fake-pargo-password'

export async function startFakePargo() {
  const tokens = new Set<string>()
  let points: FakePargoPoint[] = []
  let issued = 0

  const http = await startFakeHttpServer(
    ({ method, path, query, headers, body }, { json }) => {
      if (method === 'POST' && path === '/auth') {
        const credentials = body as { username?: unknown; password?: unknown } | null
        if (
          credentials?.username !== FAKE_PARGO_USERNAME ||
          credentials.password !== FAKE_PARGO_PASSWORD
        ) {
          return json(401, { success: false, message: 'Invalid credentials' })
        }
        const token = `token-${++issued}`
        tokens.add(token)
        return json(200, {
          access_token: token,
          refresh_token: `refresh-${issued}`,
          expires_in: 3600,
        })
      }
      if (method === 'GET' && path === '/pickup_points') {
        const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1]
        if (!bearer || !tokens.has(bearer))
          return json(401, { success: false, message: 'Unauthorized' })
        if (!query.get('address') && !query.get('lat')) {
          return json(400, { success: false, message: 'address or lat/lng required' })
        }
        const limit = Number(query.get('limit')) || 10
        return json(200, {
          data: points.slice(0, limit).map((point, i) => ({
            id: String(1000 + i),
            type: 'pickup_points',
            attributes: point,
          })),
        })
      }
      json(404, { success: false, message: 'Not found' })
    },
    { failure: (message) => ({ success: false, message }) },
  )

  return {
    url: http.url,
    requests: http.requests,
    calls: http.calls,
    /** The points Pargo lists, nearest first, for any address. */
    setPoints(next: FakePargoPoint[]) {
      points = structuredClone(next)
    },
    /** Pargo forgets every token it issued (they answer 401 from now on). */
    revokeTokens() {
      tokens.clear()
    },
    failNext: http.failNext,
    setMode: (next: 'ok' | 'hang') => http.setMode(next),
    reset() {
      tokens.clear()
      points = []
      http.reset()
    },
    close: http.close,
  }
}

export type FakePargo = Awaited<ReturnType<typeof startFakePargo>>
