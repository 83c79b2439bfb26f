import { getSessionId } from '~/lib/auth/user.server'
import { requestContext } from '~/lib/request-context.server'

import { describeDevice } from './device'

/** One signed-in device as /account lists it. Session ids stay on the server: they are credentials. */
export type SignedInDevice = {
  device: string
  signedInAt: string
  lastSeenAt: string
  /** The device this request comes from. */
  current: boolean
}

/** The customer's live sessions, this device first, then the most recently seen. */
export async function signedInDevices(request: Request, userId: string): Promise<SignedInDevice[]> {
  const [sessionId, { store }] = await Promise.all([getSessionId(request), requestContext(request)])
  const devices = (await store.sessions.listForUser(userId)).map((session) => ({
    device: describeDevice(session.userAgent),
    signedInAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
    current: session.id === sessionId,
  }))
  return devices.sort((a, b) => Number(b.current) - Number(a.current))
}
