import { describe, expect, it } from 'vitest'

import { flashToast, readToast } from './toast.server'

function requestWith(headers: Headers) {
  const cookie = headers.get('Set-Cookie')?.split(';')[0] ?? ''
  return new Request('http://localhost/', { headers: { Cookie: cookie } })
}

describe('flash toasts', () => {
  it('shows a flash message once, then clears it from the cookie', async () => {
    const flashed = await flashToast(new Request('http://localhost/'), { type: 'success', title: 'Address saved' })
    const first = await readToast(requestWith(flashed))
    expect(first.toast).toMatchObject({ type: 'success', title: 'Address saved' })
    expect(first.headers.get('Set-Cookie')).toBeTruthy()

    const second = await readToast(requestWith(first.headers))
    expect(second.toast).toBeNull()
  })

  it('leaves the cookie alone when there is nothing to show', async () => {
    const { toast, headers } = await readToast(new Request('http://localhost/'))
    expect(toast).toBeNull()
    expect(headers.get('Set-Cookie')).toBeNull()
  })
})
