import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { messageHandledSchema } from '~/lib/admin/message-schema'
import { orderMoveSchema } from '~/lib/orders/order-fields'
import { productFormSchema } from '~/lib/admin/product-schema'
import { reviewModerationSchema } from '~/lib/admin/reviews.server'
import { accountFormSchema, authFormSchema } from '~/lib/account/schema'
import { cartFormSchema } from '~/lib/cart/schema'
import { checkoutFormSchema } from '~/lib/checkout/schema'
import { contactFormSchema } from '~/lib/contact/schema'
import { likeFormSchema } from '~/lib/liked/schema'
import { trackFormSchema } from '~/lib/orders/track-schema'
import { reviewFormSchema } from '~/lib/reviews/schema'

import { ownedNames, parseSubmission } from './submission.server'

function form(entries: [string, string | File][]) {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

describe('parseSubmission', () => {
  it('echoes back only the fields the form owns', () => {
    const submission = parseSubmission(
      form([
        ['orderId', 'nope'],
        ['email', 'not an email'],
        ['junk[99]', 'x'],
        ['junk', 'y'],
      ]),
      { schema: trackFormSchema },
    )
    expect(submission.status).toBe('error')
    const reply = submission.reply()
    expect(reply.initialValue).toEqual({ orderId: 'nope', email: 'not an email' })
    expect(reply.fields).toEqual(['orderId', 'email'])
    expect(JSON.stringify(reply)).not.toContain('junk')
  })

  it("ignores conform's own control fields, which a visitor could use to build or break the reply", () => {
    // Straight into conform, `__intent__` is parsed as JSON (a 500 on anything else) and can write
    // any path with any index: none of our server actions takes conform intents.
    for (const intent of [
      'not json',
      JSON.stringify({ type: 'update', payload: { name: 'junk', index: 1e8, value: 'x' } }),
    ]) {
      const data = form([
        ['orderId', 'K7M2P9QRTWXY'],
        ['email', 'a@example.co.za'],
        ['__intent__', intent],
        ['__state__', '{'],
      ])
      const submission = parseSubmission(data, { schema: trackFormSchema })
      expect(submission.status).toBe('success')
      expect(submission.reply().initialValue).toEqual({
        orderId: 'K7M2P9QRTWXY',
        email: 'a@example.co.za',
      })
    }
  })

  it('leaves the form data as it came, for what the action reads itself (honeypot, intent)', () => {
    const data = form([
      ['name', 'Thandi'],
      ['name__confirm', ''],
      ['from__confirm', 'stamp'],
    ])
    parseSubmission(data, { schema: contactFormSchema })
    expect([...data.keys()]).toEqual(['name', 'name__confirm', 'from__confirm'])
  })

  it('keeps an uploaded photo a File', () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'rooibos.webp', { type: 'image/webp' })
    const submission = parseSubmission(
      form([
        ['intent', 'image-add'],
        ['image', photo],
        ['alt', 'A tin of rooibos'],
      ]),
      { schema: productFormSchema },
    )
    if (submission.status !== 'success') throw new Error('the photo form was refused')
    const value = submission.value as { image: File }
    expect(value.image).toBeInstanceOf(File)
    expect(value.image.name).toBe('rooibos.webp')
    expect(value.image.size).toBe(3)
  })
})

describe('ownedNames', () => {
  it('collects the top-level keys through unions, refinements, transforms and pipelines', () => {
    expect([...ownedNames(authFormSchema)].sort()).toEqual([
      'email',
      'firstName',
      'idToken',
      'intent',
      'lastName',
      'marketingOptIn',
      'password',
      'redirectTo',
      'token',
    ])
    expect(ownedNames(productFormSchema)).toEqual(
      new Set([
        'intent',
        'name',
        'description',
        'category',
        'price',
        'compareAtPrice',
        'stock',
        'weightGrams',
        'lengthCm',
        'widthCm',
        'heightCm',
        'active',
        'options',
        'variants',
        'image',
        'alt',
        'imageId',
        'direction',
      ]),
    )
    const piped = z
      .object({ a: z.string() })
      .or(z.object({ b: z.string() }))
      .pipe(z.object({ c: z.string() }))
    expect(ownedNames(piped)).toEqual(new Set(['a', 'b']))
  })

  it('knows the fields of every form a server action parses', () => {
    for (const schema of [
      accountFormSchema,
      authFormSchema,
      cartFormSchema,
      checkoutFormSchema,
      contactFormSchema,
      likeFormSchema,
      messageHandledSchema,
      orderMoveSchema,
      productFormSchema,
      reviewFormSchema,
      reviewModerationSchema,
      trackFormSchema,
    ]) {
      expect(ownedNames(schema).size).toBeGreaterThan(0)
    }
  })

  it('refuses a schema that does not name its fields, rather than echo everything', () => {
    expect(() => ownedNames(z.record(z.string()))).toThrow(/must name its fields/)
  })
})
