import { forget } from '@epic-web/remember'
import { afterEach, describe, expect, it } from 'vitest'

import { promisePerKey, rememberPromise } from './remember.server'

const NAME = 'remember-test'
afterEach(() => void forget(NAME))

/** An opener that fails its first `failures` calls, then succeeds, counting every call. */
function flakyOpener(failures: number) {
  let calls = 0
  const open = async () => {
    calls += 1
    if (calls <= failures) throw new Error(`open failed (${calls})`)
    return { opened: calls }
  }
  return { open, calls: () => calls }
}

describe('rememberPromise', () => {
  it('opens once and hands every caller the same value', async () => {
    const opener = flakyOpener(0)
    const [a, b] = await Promise.all([
      rememberPromise(NAME, opener.open),
      rememberPromise(NAME, opener.open),
    ])
    expect(a).toBe(b)
    expect(await rememberPromise(NAME, opener.open)).toBe(a)
    expect(opener.calls()).toBe(1)
  })

  it('does not keep a failed open: the next call tries again', async () => {
    const opener = flakyOpener(1)
    await expect(rememberPromise(NAME, opener.open)).rejects.toThrow('open failed (1)')
    await expect(rememberPromise(NAME, opener.open)).resolves.toEqual({ opened: 2 })
    await expect(rememberPromise(NAME, opener.open)).resolves.toEqual({ opened: 2 })
    expect(opener.calls()).toBe(2)
  })

  it('lets a value forget itself, without forgetting a newer one', async () => {
    let forgetFirst = () => {}
    const first = await rememberPromise(NAME, async (forgetThis) => {
      forgetFirst = forgetThis
      return 'first'
    })
    expect(first).toBe('first')
    forgetFirst()
    expect(await rememberPromise(NAME, async () => 'second')).toBe('second')
    forgetFirst()
    expect(await rememberPromise(NAME, async () => 'third')).toBe('second')
  })
})

describe('promisePerKey', () => {
  it('keeps one promise per key and retries a key whose promise failed', async () => {
    const perStore = promisePerKey<object, { opened: number }>(NAME)
    const storeA = {}
    const storeB = {}
    const opener = flakyOpener(1)
    await expect(perStore(storeA, opener.open)).rejects.toThrow('open failed (1)')
    const a = await perStore(storeA, opener.open)
    expect(await perStore(storeA, opener.open)).toBe(a)
    expect(await perStore(storeB, opener.open)).not.toBe(a)
    expect(opener.calls()).toBe(3)
  })
})
