import { redirect } from '@remix-run/node'
import { describe, expect, it } from 'vitest'

import { defineGuard, guarded } from './guards.server'

const args = { request: new Request('http://localhost/x'), context: { clientIp: '127.0.0.1' }, params: {} }

describe('guarded', () => {
  it('fails as soon as a route names an unknown guard', () => {
    expect(() => guarded(['no-such-guard'], async () => 'ok')).toThrow(/Unknown route guard "no-such-guard"/)
  })

  it('runs the named guards before the handler and lets their redirect through', async () => {
    const seen: string[] = []
    defineGuard('test-pass', async () => void seen.push('pass'))
    defineGuard('test-block', async () => {
      throw redirect('/auth')
    })
    expect(await guarded(['test-pass'], async () => 'ok')(args)).toBe('ok')
    expect(seen).toEqual(['pass'])
    await expect(guarded(['test-block'], async () => 'ok')(args)).rejects.toMatchObject({ status: 302 })
  })

  it('refuses to define the same guard twice', () => {
    defineGuard('test-once', async () => {})
    expect(() => defineGuard('test-once', async () => {})).toThrow(/twice/)
  })
})
