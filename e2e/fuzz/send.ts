import type { APIRequestContext } from '@playwright/test'

import type { Probe } from './corpus'

const CONCURRENCY = 6

/** Remix's single-fetch URL for a page path: `/cart` -> `/cart.data`, `/` -> `/_root.data`. */
function dataPath(path: string) {
  const query = path.indexOf('?')
  const pathname = query === -1 ? path : path.slice(0, query)
  const search = query === -1 ? '' : path.slice(query)
  return `${pathname === '/' ? '/_root' : pathname.replace(/\/$/, '')}.data${search}`
}

/** Sends probes a few at a time; returns every answer at 500 or above, and every dropped request. */
export async function send(request: APIRequestContext, probes: readonly Probe[]) {
  const failures: string[] = []
  const statuses = new Map<string, number>()
  let next = 0
  async function worker() {
    while (next < probes.length) {
      const probe = probes[next++]!
      try {
        const response = await request.fetch(probe.asData ? dataPath(probe.path) : probe.path, {
          method: probe.method ?? (probe.body === undefined ? 'GET' : 'POST'),
          headers: {
            ...(probe.contentType ? { 'Content-Type': probe.contentType } : {}),
            ...probe.headers,
          },
          ...(probe.body === undefined ? {} : { data: probe.body }),
          maxRedirects: 0,
          failOnStatusCode: false,
          timeout: 15_000,
        })
        statuses.set(probe.what, response.status())
        if (response.status() >= 500)
          failures.push(
            `${response.status()} ${probe.what}${probe.asData ? ' (data request)' : ''}`,
          )
        await response.dispose()
      } catch (error) {
        failures.push(`no answer: ${probe.what}: ${String(error).split('\n')[0]}`)
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return { failures, statuses }
}
