import { describe, expect, it } from 'vitest'

import { crossSiteRefusal, loopbackTwinRedirect } from './csrf.server'

const base = {
  method: 'POST',
  path: '/contact',
  secFetchSite: 'same-origin',
  origin: 'http://localhost:3000',
  appUrl: 'http://localhost:3000',
  exactOrigin: false,
}
const shop = {
  ...base,
  appUrl: 'https://shop.example',
  origin: 'https://shop.example',
  exactOrigin: true,
}

describe('crossSiteRefusal', () => {
  it('lets same-origin posts and reads through', () => {
    expect(crossSiteRefusal(base)).toBeNull()
    expect(crossSiteRefusal(shop)).toBeNull()
    expect(crossSiteRefusal({ ...base, method: 'GET', secFetchSite: 'cross-site' })).toBeNull()
    expect(crossSiteRefusal({ ...base, origin: null, secFetchSite: null })).toBeNull()
  })

  it('refuses a post the browser marks cross-site', () => {
    expect(crossSiteRefusal({ ...base, secFetchSite: 'cross-site' })).toMatch(/cross-site/)
  })

  it("compares scheme, host and port with APP_URL's origin", () => {
    expect(crossSiteRefusal({ ...shop, origin: 'http://shop.example' })).toMatch(
      /foreign Origin http:\/\/shop.example/,
    )
    expect(crossSiteRefusal({ ...shop, origin: 'https://shop.example:8443' })).toMatch(/foreign/)
    expect(crossSiteRefusal({ ...shop, origin: 'https://evil.shop.example' })).toMatch(/foreign/)
    expect(crossSiteRefusal({ ...shop, origin: 'https://shop.example.evil' })).toMatch(/foreign/)
    expect(
      crossSiteRefusal({
        ...shop,
        appUrl: 'https://shop.example:443',
        origin: 'https://shop.example',
      }),
    ).toBeNull()
  })

  it('refuses a foreign, opaque or malformed Origin', () => {
    expect(
      crossSiteRefusal({ ...base, origin: 'https://evil.example', secFetchSite: null }),
    ).toMatch(/foreign/)
    expect(crossSiteRefusal({ ...base, origin: 'null' })).toMatch(/opaque/)
    expect(crossSiteRefusal({ ...base, origin: 'not a url' })).toMatch(/malformed/)
  })

  it('lets a page on 127.0.0.1 or [::1] post to a localhost APP_URL on the same port, outside production', () => {
    // The browser calls 127.0.0.1 -> localhost cross-site: the hand-over to the PayFast simulator.
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect(crossSiteRefusal({ ...base, origin })).toBeNull()
      expect(crossSiteRefusal({ ...base, origin, secFetchSite: 'cross-site' })).toBeNull()
    }
    const at127 = { ...base, appUrl: 'http://127.0.0.1:3000' }
    expect(crossSiteRefusal({ ...at127, origin: 'http://localhost:3000' })).toBeNull()
    expect(
      crossSiteRefusal({ ...at127, origin: 'http://localhost:3000', secFetchSite: 'cross-site' }),
    ).toBeNull()
  })

  it('keeps other ports, schemes and sites out of the loopback twins', () => {
    expect(crossSiteRefusal({ ...base, origin: 'http://127.0.0.1:3001' })).toMatch(/foreign/)
    expect(crossSiteRefusal({ ...base, origin: 'https://127.0.0.1:3000' })).toMatch(/foreign/)
    expect(crossSiteRefusal({ ...base, origin: 'http://127.0.0.2:3000' })).toMatch(/foreign/)
    expect(
      crossSiteRefusal({ ...base, origin: 'http://127.0.0.1:3001', secFetchSite: 'cross-site' }),
    ).toMatch(/cross-site/)
    // Cross-site without an Origin to prove where it came from stays refused.
    expect(crossSiteRefusal({ ...base, origin: null, secFetchSite: 'cross-site' })).toMatch(
      /cross-site/,
    )
    expect(
      crossSiteRefusal({ ...shop, origin: 'http://localhost:3000', exactOrigin: false }),
    ).toMatch(/foreign/)
  })

  it('keeps the exact origin in production, loopback APP_URL included', () => {
    const production = { ...base, exactOrigin: true }
    expect(crossSiteRefusal(production)).toBeNull()
    expect(crossSiteRefusal({ ...production, origin: 'http://127.0.0.1:3000' })).toMatch(
      /foreign Origin http:\/\/127.0.0.1:3000/,
    )
    expect(
      crossSiteRefusal({
        ...production,
        origin: 'http://127.0.0.1:3000',
        secFetchSite: 'cross-site',
      }),
    ).toMatch(/cross-site/)
  })

  it('lets the PayFast ITN and the Storyblok webhook prove themselves', () => {
    expect(
      crossSiteRefusal({ ...base, path: '/payfast/notify', secFetchSite: 'cross-site' }),
    ).toBeNull()
    expect(
      crossSiteRefusal({
        ...base,
        path: '/storyblok/webhook',
        origin: 'https://app.storyblok.com',
      }),
    ).toBeNull()
    expect(
      crossSiteRefusal({ ...base, path: '/bobgo/webhook', origin: 'https://api.bobgo.co.za' }),
    ).toBeNull()
  })
})

describe('loopbackTwinRedirect', () => {
  const get = {
    method: 'GET',
    protocol: 'http',
    host: '127.0.0.1:3000',
    url: '/shop/enamel-mug?colour=red',
    appUrl: 'http://localhost:3000',
    exactOrigin: false,
  }

  it('sends a page read at 127.0.0.1 or [::1] to the same path on a localhost APP_URL', () => {
    expect(loopbackTwinRedirect(get)).toBe('http://localhost:3000/shop/enamel-mug?colour=red')
    expect(loopbackTwinRedirect({ ...get, host: '[::1]:3000', url: '/' })).toBe(
      'http://localhost:3000/',
    )
    expect(
      loopbackTwinRedirect({ ...get, host: 'localhost:3000', appUrl: 'http://127.0.0.1:3000' }),
    ).toBe('http://127.0.0.1:3000/shop/enamel-mug?colour=red')
  })

  it('leaves APP_URL itself, other ports, posts and production alone', () => {
    expect(loopbackTwinRedirect({ ...get, host: 'localhost:3000' })).toBeNull()
    expect(loopbackTwinRedirect({ ...get, host: '127.0.0.1:3001' })).toBeNull()
    expect(loopbackTwinRedirect({ ...get, method: 'POST' })).toBeNull()
    expect(loopbackTwinRedirect({ ...get, exactOrigin: true })).toBeNull()
    expect(loopbackTwinRedirect({ ...get, host: undefined })).toBeNull()
    expect(loopbackTwinRedirect({ ...get, host: 'shop.example' })).toBeNull()
    expect(
      loopbackTwinRedirect({ ...get, host: '127.0.0.1', appUrl: 'https://shop.example' }),
    ).toBeNull()
  })

  it('never leaves the shop for a URL that names another host', () => {
    expect(loopbackTwinRedirect({ ...get, url: '//evil.example/x' })).toBeNull()
  })
})
