import { describe, expect, it } from 'vitest'

import { manualClock } from '~/lib/clock.test-helper'

import { lookupCache } from './lookup-cache.server'

const TTL_MS = 15 * 60_000
const EMPTY_TTL_MS = 30_000

function setup() {
  const clock = manualClock('2026-03-08T08:00:00.000Z')
  const lookup = lookupCache<string>({ clock: clock.now, ttlMs: TTL_MS, emptyTtlMs: EMPTY_TTL_MS })
  const asked: string[] = []
  /** An ask that answers `answer` and counts itself. */
  const ask = (key: string, answer: string[]) => () => {
    asked.push(key)
    return Promise.resolve(answer)
  }
  return { clock, lookup, asked, ask }
}

describe('the lookup cache', () => {
  it('keeps an answer its TTL, per key', async () => {
    const { clock, lookup, asked, ask } = setup()
    expect(await lookup('a', ask('a', ['one']))).toEqual(['one'])
    clock.advance(TTL_MS / 60_000 - 1 / 60)
    expect(await lookup('a', ask('a', ['two']))).toEqual(['one'])
    expect(await lookup('b', ask('b', ['bee']))).toEqual(['bee'])
    expect(asked).toEqual(['a', 'b'])
    clock.advance(2 / 60)
    expect(await lookup('a', ask('a', ['two']))).toEqual(['two'])
    expect(asked).toEqual(['a', 'b', 'a'])
  })

  it('keeps an empty answer only the short TTL', async () => {
    const { clock, lookup, asked, ask } = setup()
    expect(await lookup('a', ask('a', []))).toEqual([])
    clock.advance(EMPTY_TTL_MS / 60_000 - 1 / 60)
    expect(await lookup('a', ask('a', ['late']))).toEqual([])
    clock.advance(2 / 60)
    expect(await lookup('a', ask('a', ['late']))).toEqual(['late'])
    expect(asked).toEqual(['a', 'a'])
  })

  it('shares one call among simultaneous asks, and keeps no rejection', async () => {
    const { lookup, asked, ask } = setup()
    let release!: (answer: string[]) => void
    const slow = () => {
      asked.push('slow')
      return new Promise<string[]>((resolve) => (release = resolve))
    }
    const both = Promise.all([lookup('a', slow), lookup('a', slow)])
    release(['shared'])
    expect(await both).toEqual([['shared'], ['shared']])
    expect(asked).toEqual(['slow'])

    await expect(lookup('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await lookup('b', ask('b', ['back']))).toEqual(['back'])
  })
})
