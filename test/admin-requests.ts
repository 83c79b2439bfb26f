import type { Store } from '~/lib/data/store'

/**
 * Requests as a browser sends them to the back office, for route tests over a real store: a staff
 * member's and a customer's session cookies, and a reader for what loaders and actions answer
 * (a thrown or returned Response, or single-fetch `data()`).
 */

export type Visitors = { staff: string; customer: string }

/** Makes a staff member and a customer in `store` and signs each in; returns their cookies. */
export async function signInStaffAndCustomer(store: Store): Promise<Visitors> {
  const { commitUserSession } = await import('~/lib/auth/user.server')
  const person = (id: string, email: string) => ({
    id,
    email,
    firstName: 'Nomsa',
    lastName: 'Zulu',
    phone: null,
    address: null,
  })
  await store.users.create(person('staff-1', 'nomsa@shop.example.co.za'))
  await store.users.setStaff('staff-1', true)
  await store.users.create(person('customer-1', 'thandi@example.co.za'))
  const cookieOf = async (userId: string) => {
    const setCookie = await commitUserSession(
      { userId, token: null },
      new Request('http://localhost:3000/auth'),
    )
    return setCookie.split(';')[0]!
  }
  return { staff: await cookieOf('staff-1'), customer: await cookieOf('customer-1') }
}

export function get(path: string, cookie?: string) {
  return new Request(`http://localhost:3000${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
  })
}

export function post(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  })
}

export type Answer = {
  status: number
  headers: Headers
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads its own route's body
  body: any
  location: string | null
}

function read(result: unknown): Answer {
  if (result instanceof Response) {
    return {
      status: result.status,
      headers: result.headers,
      body: null,
      location: result.headers.get('Location'),
    }
  }
  const d = result as { type?: string; data: unknown; init?: ResponseInit | null }
  if (d?.type === 'DataWithResponseInit') {
    return {
      status: d.init?.status ?? 200,
      headers: new Headers(d.init?.headers),
      body: d.data,
      location: null,
    }
  }
  return { status: 200, headers: new Headers(), body: result, location: null }
}

/** Runs a loader or action and reads its answer, thrown or returned, the same way. */
export async function answer(run: () => Promise<unknown>): Promise<Answer> {
  try {
    return read(await run())
  } catch (thrown) {
    if (thrown instanceof Response) return read(thrown)
    throw thrown
  }
}
