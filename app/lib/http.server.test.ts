import { parse } from '@conform-to/dom'
import { describe, expect, it } from 'vitest'

import { MAX_VARIANTS } from '~/lib/data/variants'

import {
  bodyRule,
  IMPORT_UPLOAD_BODY_LIMIT,
  PRODUCT_UPLOAD_BODY_LIMIT,
  FORM_BODY_LIMIT,
  FORM_DEPTH_LIMIT,
  FORM_FIELD_LIMIT,
  FORM_INDEX_LIMIT,
  FORM_NAME_LIMIT,
  fieldNameProblem,
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
    expect(bodyRule('POST', '/bobgo/webhook')).toEqual({ limit: 64 * 1024, form: false })
  })

  it('lets photo uploads to a back-office product page up to 10 MB, and nothing else', () => {
    const multipart = 'multipart/form-data; boundary=----x'
    const upload = { limit: PRODUCT_UPLOAD_BODY_LIMIT, form: true, staffOnly: true }
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

  it('lets a CSV import to /admin/import up to 20 MB, multipart only', () => {
    const multipart = 'multipart/form-data; boundary=----x'
    const upload = { limit: IMPORT_UPLOAD_BODY_LIMIT, form: true, staffOnly: true }
    expect(IMPORT_UPLOAD_BODY_LIMIT).toBeGreaterThan(20 * 1024 * 1024)
    expect(bodyRule('POST', '/admin/import', multipart)).toEqual(upload)
    expect(bodyRule('POST', '/admin/import.data', multipart)).toEqual(upload)
    const oneMb = { limit: FORM_BODY_LIMIT, form: true }
    expect(bodyRule('POST', '/admin/import', 'application/x-www-form-urlencoded')).toEqual(oneMb)
    expect(bodyRule('POST', '/admin/import/x', multipart)).toEqual(oneMb)
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

  it('answers 400 to a form with more fields than any of ours could have', async () => {
    const fields = (n: number) => bytes(Array.from({ length: n }, () => 'intent=add').join('&'))
    expect(
      await formBodyRefusal('application/x-www-form-urlencoded', fields(FORM_FIELD_LIMIT)),
    ).toBeNull()
    expect(
      await formBodyRefusal('application/x-www-form-urlencoded', fields(FORM_FIELD_LIMIT + 1)),
    ).toEqual({
      status: 400,
      message: 'Bad Request: too many form fields; a form has at most 1000.',
    })
  })

  it('counts the fields on the bytes, before parsing half a million of them', async () => {
    // Parsed, this is no field at all: only the count on the bytes refuses it, unparsed.
    const separators = bytes('&'.repeat(FORM_FIELD_LIMIT))
    expect(await formBodyRefusal('application/x-www-form-urlencoded', separators)).toMatchObject({
      status: 400,
      message: expect.stringMatching(/too many form fields/),
    })
    const parts = (n: number) =>
      bytes(
        Array.from(
          { length: n },
          (_, i) => `--b\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
        ).join('') + '--b--\r\n',
      )
    for (const type of ['multipart/form-data; boundary=b', 'multipart/form-data; boundary="b"']) {
      expect(await formBodyRefusal(type, parts(FORM_FIELD_LIMIT)), type).toBeNull()
      expect(await formBodyRefusal(type, parts(FORM_FIELD_LIMIT + 1)), type).toMatchObject({
        status: 400,
        message: expect.stringMatching(/too many form fields/),
      })
    }
  })

  it('answers 400, naming the field, to an index past the largest table a form has', async () => {
    for (const body of ['junk[100000000]=x', 'orderId=K7M2&junk[1000000]=x', 'a[0][100]=x']) {
      expect(
        await formBodyRefusal('application/x-www-form-urlencoded', bytes(body)),
        body,
      ).toMatchObject({
        status: 400,
        message: expect.stringMatching(
          /^Bad Request: the field name ".+" has the index \d+; the largest is 99\.$/,
        ),
      })
    }
    // The product form's last variant row is still a form.
    const lastRow = `variants[${MAX_VARIANTS - 1}].price=12.00`
    expect(await formBodyRefusal('application/x-www-form-urlencoded', bytes(lastRow))).toBeNull()
  })

  it('reads multipart field names the same way (the photo form too)', async () => {
    const part = (name: string) =>
      `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n--b--\r\n`
    expect(await formBodyRefusal('multipart/form-data; boundary=b', bytes(part('alt')))).toBeNull()
    expect(
      await formBodyRefusal(
        'multipart/form-data; boundary=b',
        bytes(part('variants[100000000].stock')),
      ),
    ).toMatchObject({ status: 400, message: expect.stringMatching(/index 100000000/) })
  })

  it('answers 400 to a name nested deeper than our forms or longer than 200 characters', async () => {
    const post = (name: string) =>
      formBodyRefusal('application/x-www-form-urlencoded', bytes(`${encodeURIComponent(name)}=x`))
    // 1 500 dotted segments overflowed the stack while conform built and echoed them.
    const dotted = Array.from({ length: 1500 }, () => 'a').join('.')
    expect(await post(dotted)).toEqual({
      status: 400,
      message: 'Bad Request: a field name is 2999 characters long; the most is 200.',
    })
    expect(await post('a.b.c.d')).toEqual({
      status: 400,
      message: 'Bad Request: the field name "a.b.c.d" is nested 4 levels deep; the most is 3.',
    })
    expect(await post('x'.repeat(FORM_NAME_LIMIT))).toBeNull()
    expect(await post('x'.repeat(FORM_NAME_LIMIT + 1))).toMatchObject({ status: 400 })
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

describe('fieldNameProblem', () => {
  /** What conform builds from one field of that name (the same parse `parseWithZod` runs). */
  const built = (name: string) => {
    const form = new FormData()
    form.append(name, 'x')
    return parse(form, { resolve: (payload) => ({ value: payload }) }).payload
  }

  it('lets through every name shape our forms use', () => {
    for (const name of [
      'email',
      'name__confirm',
      'intent',
      'options[2].values',
      'variants[3].price',
      'tags[]',
    ]) {
      expect(fieldNameProblem(name), name).toBeNull()
    }
  })

  it('counts levels and indexes on the path conform builds, empty brackets included', () => {
    expect(FORM_DEPTH_LIMIT).toBe(3)
    expect(FORM_INDEX_LIMIT).toBe(MAX_VARIANTS)
    // `a[]` builds an array under `a`: two levels, like `a[0]`.
    expect(built('a[]')).toEqual({ a: ['x'] })
    expect(fieldNameProblem('a[0].b[]')).toMatch(/nested 4 levels/)
    expect(fieldNameProblem('a[0][]')).toBeNull()
    // conform reads a leading dot as nothing: `.a` is `a`.
    expect(built('.a')).toEqual({ a: 'x' })
    expect(fieldNameProblem('.a.b.c.d')).toMatch(/nested 4 levels/)
    // Leading zeros are still the number conform uses.
    expect(fieldNameProblem('a[0000000000100]')).toMatch(/index 100;/)
    expect(fieldNameProblem('a[99999999999999999999999]')).toMatch(/has the index 1e\+23/)
  })

  it('lets through names conform refuses, because it builds nothing from them', () => {
    for (const name of ['a[-1]', 'a[1e9]', 'a[ 5]', 'a..b', 'a[1.5]', '__proto__[0]', 'a[].b']) {
      expect(fieldNameProblem(name), name).toBeNull()
      expect(built(name), name).toEqual({})
    }
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
