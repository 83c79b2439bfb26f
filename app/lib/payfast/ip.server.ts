import { BlockList, isIP } from 'node:net'

/**
 * The address as a plain IPv4 or IPv6 string: the IPv6 zone is dropped and an IPv4-mapped IPv6
 * address (`::ffff:127.0.0.1`, what a dual-stack socket reports for IPv4 clients) becomes IPv4.
 */
export function normalizeIp(address: string): string {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare)
  return mapped?.[1] ?? bare.toLowerCase()
}

/**
 * A matcher for a list of single addresses and CIDR ranges, IPv4 and IPv6 ("41.74.179.192/27",
 * "144.126.193.139", "::1/128"). Entries that are not addresses throw: the list is configuration.
 */
export function ipMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList()
  for (const entry of entries) {
    const [rawAddress = '', bits, ...rest] = entry.trim().split('/')
    const address = normalizeIp(rawAddress)
    const family = isIP(address)
    if (!family || rest.length) throw new Error(`Not an IP address or CIDR range: "${entry}"`)
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (bits === undefined) {
      list.addAddress(address, type)
      continue
    }
    const prefix = Number(bits)
    if (!/^\d{1,3}$/.test(bits) || prefix > (family === 4 ? 32 : 128)) {
      throw new Error(`Not a CIDR prefix length: "${entry}"`)
    }
    list.addSubnet(address, prefix, type)
  }
  return (candidate) => {
    const address = normalizeIp(candidate)
    const family = isIP(address)
    if (!family) return false
    return list.check(address, family === 4 ? 'ipv4' : 'ipv6')
  }
}
