import { describe, expect, it } from 'vitest'

import { crossSiteRefusal } from './csrf.server'

const base = {
  method: 'POST',
  path: '/contact',
  secFetchSite: 'same-origin',
  origin: 'http://localhost:3000',
  host: 'localhost:3000',
  appUrl: 'http://localhost:3000',
}

describe('crossSiteRefusal', () => {
  it('lets same-origin posts and reads through', () => {
    expect(crossSiteRefusal(base)).toBeNull()
    expect(crossSiteRefusal({ ...base, method: 'GET', secFetchSite: 'cross-site' })).toBeNull()
    expect(crossSiteRefusal({ ...base, origin: null, secFetchSite: null })).toBeNull()
  })

  it('accepts the public URL even behind a proxy that rewrites Host', () => {
    expect(
      crossSiteRefusal({ ...base, appUrl: 'https://shop.example', origin: 'https://shop.example', host: '127.0.0.1:3000' }),
    ).toBeNull()
  })

  it('refuses a post the browser marks cross-site', () => {
    expect(crossSiteRefusal({ ...base, secFetchSite: 'cross-site' })).toMatch(/cross-site/)
  })

  it('refuses a foreign, opaque or malformed Origin', () => {
    expect(crossSiteRefusal({ ...base, origin: 'https://evil.example', secFetchSite: null })).toMatch(/foreign/)
    expect(crossSiteRefusal({ ...base, origin: 'null' })).toMatch(/opaque/)
    expect(crossSiteRefusal({ ...base, origin: 'not a url' })).toMatch(/malformed/)
  })

  it('lets the PayFast ITN and the Storyblok webhook prove themselves', () => {
    expect(crossSiteRefusal({ ...base, path: '/payfast/notify', secFetchSite: 'cross-site' })).toBeNull()
    expect(crossSiteRefusal({ ...base, path: '/storyblok/webhook', origin: 'https://app.storyblok.com' })).toBeNull()
  })
})
