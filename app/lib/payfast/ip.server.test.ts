import { describe, expect, it } from 'vitest'

import { ipMatcher, normalizeIp } from './ip.server'

describe('normalizeIp', () => {
  it('unwraps IPv4-mapped IPv6 and drops zones and brackets', () => {
    expect(normalizeIp('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(normalizeIp('::FFFF:41.74.179.200')).toBe('41.74.179.200')
    expect(normalizeIp('[::1]')).toBe('::1')
    expect(normalizeIp('fe80::1%eth0')).toBe('fe80::1')
    expect(normalizeIp(' 10.0.0.1 ')).toBe('10.0.0.1')
  })
})

describe('ipMatcher', () => {
  const payfast = ipMatcher([
    '197.97.145.144/28',
    '41.74.179.192/27',
    '102.216.36.0/28',
    '102.216.36.128/28',
    '144.126.193.139',
  ])

  it('matches CIDR ranges at their edges and single addresses', () => {
    expect(payfast('197.97.145.144')).toBe(true)
    expect(payfast('197.97.145.159')).toBe(true)
    expect(payfast('197.97.145.160')).toBe(false)
    expect(payfast('197.97.145.143')).toBe(false)
    expect(payfast('41.74.179.223')).toBe(true)
    expect(payfast('41.74.179.224')).toBe(false)
    expect(payfast('144.126.193.139')).toBe(true)
    expect(payfast('144.126.193.140')).toBe(false)
    expect(payfast('::ffff:102.216.36.130')).toBe(true)
  })

  it('refuses what is not an address', () => {
    for (const bad of ['', 'localhost', '197.97.145.144/28', '999.1.1.1', 'unknown']) {
      expect(payfast(bad), bad).toBe(false)
    }
  })

  it('handles IPv6 ranges and loopback in both families', () => {
    const local = ipMatcher(['127.0.0.0/8', '::1/128', '2001:db8::/32'])
    expect(local('127.0.0.1')).toBe(true)
    expect(local('127.255.0.9')).toBe(true)
    expect(local('::ffff:127.0.0.1')).toBe(true)
    expect(local('::1')).toBe(true)
    expect(local('::2')).toBe(false)
    expect(local('2001:db8:ffff::1')).toBe(true)
    expect(local('2001:db9::1')).toBe(false)
    expect(local('128.0.0.1')).toBe(false)
  })

  it('throws on a bad list entry', () => {
    expect(() => ipMatcher(['10.0.0.0/33'])).toThrow(/CIDR/)
    expect(() => ipMatcher(['example.com'])).toThrow(/Not an IP/)
    expect(() => ipMatcher(['10.0.0.0/8/1'])).toThrow(/Not an IP/)
  })
})
