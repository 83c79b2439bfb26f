import type { APIRequestContext } from '@playwright/test'

import type { Probe } from './corpus'

const CONCURRENCY = 6
const TIMEOUT_MS = 15_000

/** Sends one probe and answers its status; throws when no answer came. */
export type Sender = (probe: Probe) => Promise<number>

/** Remix's single-fetch URL for a page path: `/cart` -> `/cart.data`, `/` -> `/_root.data`. */
function dataPath(path: string) {
  const query = path.indexOf('?')
  const pathname = query === -1 ? path : path.slice(0, query)
  const search = query === -1 ? '' : path.slice(query)
  return `${pathname === '/' ? '/_root' : pathname.replace(/\/$/, '')}.data${search}`
}

const method = (probe: Probe) => probe.method ?? (probe.body === undefined ? 'GET' : 'POST')
const target = (probe: Probe) => (probe.asData ? dataPath(probe.path) : probe.path)
const contentType = (probe: Probe): Record<string, string> =>
  probe.contentType ? { 'Content-Type': probe.contentType } : {}

/**
 * Probes through Playwright's request context: any header and body as given, odd ones included,
 * with the context's cookies and headers. Each request crosses to Playwright's driver and back.
 */
export function viaPlaywright(request: APIRequestContext): Sender {
  return async (probe) => {
    const response = await request.fetch(target(probe), {
      method: method(probe),
      headers: { ...contentType(probe), ...probe.headers },
      ...(probe.body === undefined ? {} : { data: probe.body }),
      maxRedirects: 0,
      failOnStatusCode: false,
      timeout: TIMEOUT_MS,
    })
    await response.dispose()
    return response.status()
  }
}

/**
 * Probes straight from the test's process with Node's fetch, as the browser context would send
 * them (its cookies, its client address): several times faster than through Playwright's driver,
 * for the thousands of well-formed form posts and queries of the naughty-strings corpus.
 */
export async function viaFetch(request: APIRequestContext, baseURL: string, clientIp: string) {
  const { cookies } = await request.storageState()
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
  const headers = { 'X-Forwarded-For': clientIp, ...(cookie ? { Cookie: cookie } : {}) }
  const sender: Sender = async (probe) => {
    const response = await fetch(new URL(target(probe), baseURL), {
      method: method(probe),
      headers: { ...headers, ...contentType(probe), ...probe.headers },
      body: typeof probe.body === 'string' ? probe.body : probe.body && new Uint8Array(probe.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    await response.arrayBuffer()
    return response.status
  }
  return sender
}

/** Sends probes a few at a time; returns every answer at 500 or above, and every dropped request. */
export async function send(sender: Sender, probes: readonly Probe[]) {
  const failures: string[] = []
  const statuses = new Map<string, number>()
  let next = 0
  async function worker() {
    while (next < probes.length) {
      const probe = probes[next++]!
      try {
        const status = await sender(probe)
        statuses.set(probe.what, status)
        if (status >= 500)
          failures.push(`${status} ${probe.what}${probe.asData ? ' (data request)' : ''}`)
      } catch (error) {
        failures.push(`no answer: ${probe.what}: ${String(error).split('\n')[0]}`)
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return { failures, statuses }
}
