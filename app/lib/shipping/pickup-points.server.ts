import { createHash } from 'node:crypto'

import { remember } from '@epic-web/remember'
import { z } from 'zod'

import { systemClock, type Clock } from '~/lib/clock'
import { PROVINCES, type Address, type Province } from '~/lib/data/types'
import { env } from '~/lib/env.server'
import { errorSummary, logger } from '~/lib/log.server'

import { DEMO_PICKUP_POINTS } from './demo-pickup-points'
import { lookupCache } from './lookup-cache.server'
import type { PickupPoint } from './types'

/*
 * The pickup points near a delivery address (docs/contracts.md "Shipping": pickup points): Pargo's
 * API when PARGO_USERNAME and PARGO_PASSWORD are set; otherwise, outside production, the embedded
 * demo points; in production without Pargo, none (made-up points must never take real orders).
 * Never throws: Pargo failing or slow (3 s) is a log line and no pickup points.
 */

/** How many points a lookup returns at most. */
export const PICKUP_POINTS_LIMIT = 5
/** A lookup waits at most this long for Pargo (sign-in and the list together). */
export const PARGO_TIMEOUT_MS = 3_000
/** Pargo's points for one address are kept this long, a failure or an empty answer this long. */
export const PARGO_CACHE_MS = 15 * 60_000
export const PARGO_NEGATIVE_CACHE_MS = 30_000

/** What a lookup needs of the address. */
export type PickupAddress = Pick<Address, 'suburb' | 'city' | 'province' | 'postalCode'> &
  Partial<Pick<Address, 'line1'>>

const norm = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ')

/**
 * How far a point is from the address, as a sortable tuple: first the tier (0 the same suburb, 1
 * the same city, 2 the same province, 3 elsewhere), then how far apart the postal codes are as
 * numbers (South African codes run roughly by region: 0xxx–2xxx Gauteng and the north, 3xxx–4xxx
 * KwaZulu-Natal, 5xxx–6xxx the Eastern Cape, 7xxx–8xxx the Western and Northern Cape, 9xxx the
 * Free State), then the name. No coordinates: simple, and good enough to list the nearest first.
 */
export function closeness(point: PickupPoint, address: PickupAddress): [number, number, string] {
  const tier =
    norm(point.suburb) === norm(address.suburb)
      ? 0
      : norm(point.city) === norm(address.city)
        ? 1
        : point.province === address.province
          ? 2
          : 3
  const a = Number.parseInt(point.postalCode, 10)
  const b = Number.parseInt(address.postalCode, 10)
  const apart = Number.isNaN(a) || Number.isNaN(b) ? 10_000 : Math.abs(a - b)
  return [tier, apart, point.name]
}

/** `points` nearest the address first (see closeness), at most `limit`. */
export function nearestFirst(
  points: readonly PickupPoint[],
  address: PickupAddress,
  limit = PICKUP_POINTS_LIMIT,
): PickupPoint[] {
  return points
    .map((point) => ({ point, key: closeness(point, address) }))
    .sort((x, y) => x.key[0] - y.key[0] || x.key[1] - y.key[1] || x.key[2].localeCompare(y.key[2]))
    .slice(0, limit)
    .map(({ point }) => point)
}

// --- Pargo ----------------------------------------------------------------------------------------

export type PargoSettings = { apiUrl: string; username: string; password: string }

export type PargoClientOptions = PargoSettings & {
  now?: Clock
  /** Where failures are noted (one line each, no secrets); default the logger, as a warning. */
  log?: (line: string) => void
  timeoutMs?: number
}

export type PickupPointSource = {
  /** The points nearest the address, nearest first, at most `limit`; never throws. */
  near(address: PickupAddress, limit?: number): Promise<PickupPoint[]>
}

const PROVINCE_CODES: Record<string, Province> = {
  ec: 'Eastern Cape',
  fs: 'Free State',
  gp: 'Gauteng',
  gt: 'Gauteng',
  kzn: 'KwaZulu-Natal',
  nl: 'KwaZulu-Natal',
  lp: 'Limpopo',
  mp: 'Mpumalanga',
  nw: 'North West',
  nc: 'Northern Cape',
  wc: 'Western Cape',
}

/** A province as Pargo writes it ("Western Cape", "western cape", "WC", "KwaZulu Natal"), or null. */
export function toProvince(value: string | null | undefined): Province | null {
  if (!value) return null
  const key = norm(value).replace(/-/g, ' ')
  return (
    PROVINCES.find((province) => norm(province).replace(/-/g, ' ') === key) ??
    PROVINCE_CODES[key] ??
    null
  )
}

const text = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()))

const pargoPointSchema = z.object({
  pargoPointCode: text,
  code: text,
  id: text,
  storeName: text,
  name: text,
  address1: text,
  address2: text,
  suburb: text,
  city: text,
  province: text,
  postalcode: text,
  postalCode: text,
  businessHours: z.unknown().optional(),
})

/** A point id becomes part of a posted form value (`pickup:{id}`): printable, no spaces. */
const POINT_ID = /^[\w.-]{1,64}$/

/** Opening hours as Pargo gives them: a line of text, or a list of lines. */
function hoursText(value: unknown): string {
  if (typeof value === 'string' && value.trim()) return value.trim().replace(/\s+/g, ' ')
  if (Array.isArray(value)) {
    const lines = value.filter((line): line is string => typeof line === 'string' && !!line.trim())
    if (lines.length) return lines.map((line) => line.trim()).join(', ')
  }
  return 'Hours as posted at the store'
}

/**
 * Pargo's `GET /pickup_points` answer as pickup points: `{ data: [...] }` (JSON:API, each point's
 * fields in `attributes`), or a bare list; entries without a code, name or address are skipped.
 */
export function toPickupPoints(answer: unknown, fallbackProvince: Province): PickupPoint[] {
  const record = typeof answer === 'object' && answer !== null ? answer : null
  const list: unknown[] = Array.isArray(answer)
    ? answer
    : record && Array.isArray((record as { data?: unknown }).data)
      ? ((record as { data: unknown[] }).data ?? [])
      : record && Array.isArray((record as { pickup_points?: unknown }).pickup_points)
        ? (record as { pickup_points: unknown[] }).pickup_points
        : []
  const points: PickupPoint[] = []
  for (const entry of list) {
    const source =
      typeof entry === 'object' && entry !== null && 'attributes' in entry
        ? { id: (entry as { id?: unknown }).id, ...(entry as { attributes: object }).attributes }
        : entry
    const parsed = pargoPointSchema.safeParse(source)
    if (!parsed.success) continue
    const point = parsed.data
    const id = point.pargoPointCode || point.code || point.id
    const name = point.storeName || point.name
    const line1 = [point.address1, point.address2].filter(Boolean).join(', ')
    if (!POINT_ID.test(id) || !name || !line1) continue
    points.push({
      id,
      name,
      line1,
      suburb: point.suburb || point.city,
      city: point.city || point.suburb,
      province: toProvince(point.province) ?? fallbackProvince,
      postalCode: point.postalcode || point.postalCode,
      hours: hoursText(point.businessHours),
    })
  }
  return points
}

class PargoError extends Error {
  name = 'PargoError'
}

/**
 * Pargo's API: signs in (`POST /auth` with the myPargo username and password: an access token,
 * kept until shortly before it expires) and asks `GET /pickup_points` for the points nearest the
 * address (`address`, `country=ZA`, `limit`, `sort=distance ASC`), with a Bearer token.
 */
export function createPargoClient(options: PargoClientOptions): PickupPointSource {
  const clock = options.now ?? systemClock
  const log = options.log ?? ((line: string) => logger.warn(line))
  const base = options.apiUrl.replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? PARGO_TIMEOUT_MS
  let token: { value: string; until: number } | null = null
  const cached = lookupCache<PickupPoint>({
    clock,
    ttlMs: PARGO_CACHE_MS,
    emptyTtlMs: PARGO_NEGATIVE_CACHE_MS,
  })

  const describe = (error: unknown) =>
    errorSummary(error).replace(/\s+/g, ' ').split(options.password).join('***').slice(0, 300)

  async function request(url: string, init: RequestInit, signal: AbortSignal) {
    let response: Response
    try {
      response = await fetch(url, { ...init, signal, redirect: 'error' })
      const raw = await response.text()
      let json: unknown = null
      try {
        json = raw ? (JSON.parse(raw) as unknown) : null
      } catch {
        if (response.ok)
          throw new PargoError(`${init.method ?? 'GET'} ${new URL(url).pathname}: not JSON`)
      }
      return { status: response.status, json }
    } catch (error) {
      if (error instanceof PargoError) throw error
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new PargoError(`no answer within ${timeoutMs} ms`)
      }
      throw new PargoError(`unreachable: ${describe(error)}`)
    }
  }

  async function accessToken(signal: AbortSignal): Promise<string> {
    if (token && token.until > clock().getTime()) return token.value
    const { status, json } = await request(
      `${base}/auth`,
      {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: options.username, password: options.password }),
      },
      signal,
    )
    const value =
      typeof json === 'object' && json !== null
        ? (json as { access_token?: unknown }).access_token
        : undefined
    if (status < 200 || status >= 300 || typeof value !== 'string' || !value) {
      throw new PargoError(`sign-in refused (${status}): check PARGO_USERNAME and PARGO_PASSWORD`)
    }
    const expiresIn = Number((json as { expires_in?: unknown }).expires_in)
    const lifeMs = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : 3_600_000
    // A minute's margin, so a token never runs out between two calls of one lookup.
    token = { value, until: clock().getTime() + Math.max(0, lifeMs - 60_000) }
    return value
  }

  async function lookUp(address: PickupAddress, limit: number): Promise<PickupPoint[]> {
    const signal = AbortSignal.timeout(timeoutMs)
    const query = new URLSearchParams({
      address: [address.line1, address.suburb, address.city, address.postalCode]
        .map((part) => part?.trim())
        .filter(Boolean)
        .join(', '),
      country: 'ZA',
      limit: String(limit),
      sort: 'distance ASC',
    })
    try {
      for (let attempt = 1; ; attempt++) {
        const bearer = await accessToken(signal)
        const { status, json } = await request(
          `${base}/pickup_points?${query}`,
          {
            method: 'GET',
            headers: { Accept: 'application/json', Authorization: `Bearer ${bearer}` },
          },
          signal,
        )
        // A token Pargo no longer takes (revoked, expired early): sign in again, once.
        if (status === 401 && attempt === 1) {
          token = null
          continue
        }
        if (status < 200 || status >= 300) throw new PargoError(`Pargo answered ${status}`)
        return toPickupPoints(json, address.province).slice(0, limit)
      }
    } catch (error) {
      log(
        `Pargo pickup points unavailable (${error instanceof PargoError ? error.message : describe(error)}); offering the other methods`,
      )
      return []
    }
  }

  return {
    async near(address, limit = PICKUP_POINTS_LIMIT) {
      const key = createHash('sha256')
        .update(
          JSON.stringify([
            norm(address.line1 ?? ''),
            norm(address.suburb),
            norm(address.city),
            address.province,
            address.postalCode.trim(),
            limit,
          ]),
        )
        .digest('base64url')
      return cached(key, () => lookUp(address, limit))
    },
  }
}

/** The embedded demo points, nearest first. */
export const demoPickupPoints: PickupPointSource = {
  async near(address, limit = PICKUP_POINTS_LIMIT) {
    return nearestFirst(DEMO_PICKUP_POINTS, address, limit)
  },
}

/** No pickup points (production without Pargo). */
const noPickupPoints: PickupPointSource = { near: async () => [] }

/**
 * The process's source, from the environment: Pargo when PARGO_* is set, else the demo points
 * outside production, else none.
 */
export function pickupPointSource(): PickupPointSource {
  const pargo = env.pargo
  if (pargo) return remember('pargo-client', () => createPargoClient(pargo))
  return env.isProduction ? noPickupPoints : demoPickupPoints
}

/** The pickup points near the address, nearest first (at most PICKUP_POINTS_LIMIT); never throws. */
export function pickupPointsNear(address: PickupAddress): Promise<PickupPoint[]> {
  return pickupPointSource().near(address)
}
