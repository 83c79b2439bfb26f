import { describe, expect, it } from 'vitest'

import {
  bodyRule,
  PRODUCT_UPLOAD_BODY_LIMIT,
  FORM_BODY_LIMIT,
  FORM_FIELD_LIMIT,
  formBodyRefusal,
  ITN_BODY_LIMIT,
  isWellFormedPath,
  readTextWithin,
  safeRedirect,
} from './http.server'

describe('safeRedirect', () => {
  it('keeps same-origin paths with their query and fragment', () => {
    expect(safeRedirect('/account')).toBe('/account')
    expect(safeRedirect('/shop?q=rooibos&page=2')).toBe('/shop?q=rooibos&page=2')
    expect(safeRedirect('/orders/ABC123XYZ9#history')).toBe('/orders/ABC123XYZ9#history')
    expect(safeRedirect('/shop/./a/../b?x=1')).toBe('/shop/b?x=1')
  })

  it('falls back for absolute and protocol-relative URLs', () => {
    for (const bad of [
      'https://evil',
      'https://evil.example',
      '//evil',
      '//evil.example',
      ' //evil.example',
    ]) {
      expect(safeRedirect(bad), bad).toBe('/')
    }
    expect(safeRedirect('https://evil.example', '/account')).toBe('/account')
  })

  it('falls back when the normalised path would leave the shop', () => {
    for (const bad of [
      '/.//evil.example',
      '/..//',
      '/..//evil.example',
      '/%2e//',
      '/%2E//evil.example',
      '/a/..//evil',
    ]) {
      expect(safeRedirect(bad), bad).toBe('/')
    }
  })

  it('falls back for backslashes and control characters that browsers read as slashes or drop', () => {
    for (const bad of [
      '/\\',
      '/\\evil.example',
      '/x/../\\',
      '/x/../\\evil.example',
      '/\t/evil.example',
      '/\n/evil',
    ]) {
      expect(safeRedirect(bad), JSON.stringify(bad)).toBe('/')
    }
  })

  it('falls back for anything that is not a path', () => {
    for (const bad of ['javascript:alert(1)', 'account', '', null, undefined]) {
      expect(safeRedirect(bad)).toBe('/')
    }
    expect(safeRedirect(new File(['x'], 'x.txt'))).toBe('/')
  })
})

describe('bodyRule', () => {
  it('expects no body on reads', () => {
    expect(bodyRule('GET', '/shop')).toBeNull()
    expect(bodyRule('head', '/')).toBeNull()
  })

  it('limits form posts to 1 MB and the ITN to 16 KB', () => {
    expect(bodyRule('POST', '/contact')).toEqual({ limit: FORM_BODY_LIMIT, form: true })
    expect(bodyRule('DELETE', '/cart.data')).toEqual({ limit: FORM_BODY_LIMIT, form: true })
    expect(bodyRule('POST', '/payfast/notify')).toEqual({ limit: ITN_BODY_LIMIT, form: false })
    expect(bodyRule('POST', '/payfast/notify/')).toEqual({ limit: ITN_BODY_LIMIT, form: false })
    expect(bodyRule('POST', '/storyblok/webhook')).toMatchObject({ form: false })
  })

  it('lets photo uploads to a back-office product page up to 10 MB, and nothing else', () => {
    const multipart = 'multipart/form-data; boundary=----x'
    const upload = { limit: PRODUCT_UPLOAD_BODY_LIMIT, form: true }
    expect(PRODUCT_UPLOAD_BODY_LIMIT).toBeGreaterThan(10 * 1024 * 1024)
    expect(bodyRule('POST', '/admin/products/rooibos-tea', multipart)).toEqual(upload)
    expect(bodyRule('POST', '/admin/products/rooibos-tea.data', multipart)).toEqual(upload)
    expect(bodyRule('POST', '/admin/products/new', multipart)).toEqual(upload)
    const oneMb = { limit: FORM_BODY_LIMIT, form: true }
    expect(
      bodyRule('POST', '/admin/products/rooibos-tea', 'application/x-www-form-urlencoded'),
    ).toEqual(oneMb)
    expect(bodyRule('POST', '/admin/products/rooibos-tea')).toEqual(oneMb)
    expect(bodyRule('POST', '/admin/orders/K7M2P9QRTWXY', multipart)).toEqual(oneMb)
    expect(bodyRule('POST', '/admin/products/a/b', multipart)).toEqual(oneMb)
    expect(bodyRule('POST', '/contact', multipart)).toEqual(oneMb)
  })
})

describe('formBodyRefusal', () => {
  const bytes = (text: string) => new TextEncoder().encode(text)

  it('lets url-encoded and multipart forms through', async () => {
    expect(
      await formBodyRefusal('application/x-www-form-urlencoded', bytes('intent=add&quantity=1')),
    ).toBeNull()
    expect(
      await formBodyRefusal('application/x-www-form-urlencoded;charset=UTF-8', bytes('')),
    ).toBeNull()
    const multipart = '--b\r\nContent-Disposition: form-data; name="q"\r\n\r\ntea\r\n--b--\r\n'
    expect(await formBodyRefusal('multipart/form-data; boundary=b', bytes(multipart))).toBeNull()
  })

  it('answers 415 to a body that is not a form', async () => {
    for (const type of [
      'application/json',
      'text/plain',
      '',
      null,
      'application/x-www-form-urlencodedx',
    ]) {
      expect(await formBodyRefusal(type, bytes('{"intent":"add"}')), String(type)).toMatchObject({
        status: 415,
        message: expect.stringMatching(/form posts only/),
      })
    }
  })

  it('answers 413 to a form with more fields than any of ours could have', async () => {
    const fields = (n: number) => bytes(Array.from({ length: n }, () => 'intent=add').join('&'))
    expect(
      await formBodyRefusal('application/x-www-form-urlencoded', fields(FORM_FIELD_LIMIT)),
    ).toBeNull()
    expect(
      await formBodyRefusal('application/x-www-form-urlencoded', fields(FORM_FIELD_LIMIT + 1)),
    ).toMatchObject({
      status: 413,
      message: expect.stringMatching(/at most 1000 form fields/),
    })
  })

  it('answers 400 to a form that does not parse', async () => {
    expect(await formBodyRefusal('multipart/form-data', bytes('no boundary'))).toMatchObject({
      status: 400,
    })
    expect(
      await formBodyRefusal('multipart/form-data; boundary=b', bytes('--b\r\ngarbage')),
    ).toMatchObject({
      status: 400,
    })
  })
})

describe('isWellFormedPath', () => {
  it('accepts paths the shop could have', () => {
    for (const path of ['/', '/shop/p-001', '/shop/caf%C3%A9', '/about_us'])
      expect(isWellFormedPath(path), path).toBe(true)
  })

  it('refuses bad percent-encoding, backslashes and control characters', () => {
    for (const path of [
      '/%5C',
      '/%5c/evil',
      '/%',
      '/%E0%A4%A',
      '/%ZZ',
      '/a%00b',
      '/a\\b',
      '/%0d%0aSet-Cookie',
    ]) {
      expect(isWellFormedPath(path), path).toBe(false)
    }
  })
})

describe('readTextWithin', () => {
  const post = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    new Request('http://shop.test/payfast/notify', {
      method: 'POST',
      body,
      headers,
      duplex: 'half',
    } as RequestInit)

  it('reads a body up to the limit', async () => {
    expect(await readTextWithin(post('a=1&b=é'), 16)).toBe('a=1&b=é')
    expect(await readTextWithin(new Request('http://shop.test/'), 16)).toBe('')
  })

  it('gives up past the limit without reading the rest', async () => {
    expect(await readTextWithin(post('x'.repeat(17)), 16)).toBeNull()
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(8))
      },
    })
    expect(await readTextWithin(post(endless), 16)).toBeNull()
    expect(pulled).toBeLessThan(10)
  })
})
