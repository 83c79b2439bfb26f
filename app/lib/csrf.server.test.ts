import { describe, expect, it } from 'vitest'

import { crossSiteRefusal } from './csrf.server'

const base = {
  method: 'POST',
  path: '/contact',
  secFetchSite: 'same-origin',
  origin: 'http://localhost:3000',
  appUrl: 'http://localhost:3000',
}
const shop = { ...base, appUrl: 'https://shop.example', origin: 'https://shop.example' }

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

  it('treats localhost and 127.0.0.1 as one server only when APP_URL is on loopback', () => {
    expect(crossSiteRefusal({ ...base, origin: 'http://127.0.0.1:3000' })).toBeNull()
    expect(crossSiteRefusal({ ...base, origin: 'http://127.0.0.1:3001' })).toMatch(/foreign/)
    expect(crossSiteRefusal({ ...base, origin: 'https://127.0.0.1:3000' })).toMatch(/foreign/)
    expect(crossSiteRefusal({ ...shop, origin: 'http://localhost:3000' })).toMatch(/foreign/)
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
