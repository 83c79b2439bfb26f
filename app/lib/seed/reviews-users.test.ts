import { describe, expect, it } from 'vitest'

import { PROVINCES } from '~/lib/data/types'

import { generateProducts } from './products'
import { MAX_REVIEWED_PRODUCTS, generateReviews, reviewedProducts } from './reviews'
import { DEMO_USERS, reviewAuthorName } from './users'

const now = new Date('2025-06-01T08:00:00.000Z')
const products = generateProducts({ now })

describe('DEMO_USERS', () => {
  it('are believable South African customers with unique ids and example.co.za emails', () => {
    expect(DEMO_USERS.length).toBeGreaterThanOrEqual(40)
    expect(new Set(DEMO_USERS.map((u) => u.id)).size).toBe(DEMO_USERS.length)
    expect(new Set(DEMO_USERS.map((u) => u.email.toLowerCase())).size).toBe(DEMO_USERS.length)
    for (const user of DEMO_USERS) {
      expect(user.email).toMatch(/^[a-z]+\.[a-z]+@example\.co\.za$/)
      expect(user.id).toMatch(/^demo-[a-z0-9-]+$/)
      expect(user.phone).toMatch(/^0[6-8]\d \d{3} \d{4}$/)
      if (user.address) {
        expect(PROVINCES).toContain(user.address.province)
        expect(user.address.postalCode).toMatch(/^\d{4}$/)
        expect(user.address.line1).toMatch(/^\d+ \S/)
      }
    }
    expect(DEMO_USERS.some((u) => u.address === null)).toBe(true)
  })

  it('sign reviews as first name and last initial', () => {
    expect(reviewAuthorName({ firstName: 'Thandi', lastName: 'Mokoena' })).toBe('Thandi M.')
    expect(reviewAuthorName({ firstName: 'Johan', lastName: 'van der Merwe' })).toBe('Johan M.')
  })
})

describe('generateReviews', () => {
  const reviews = generateReviews(products, DEMO_USERS)

  it('writes 0 to 8 reviews per product, at most one per customer per product', () => {
    const perProduct = new Map<string, string[]>()
    for (const r of reviews)
      perProduct.set(r.productId, [...(perProduct.get(r.productId) ?? []), r.userId])
    for (const users of perProduct.values()) {
      expect(users.length).toBeLessThanOrEqual(8)
      expect(new Set(users).size).toBe(users.length)
    }
    const counts = products.map((p) => perProduct.get(p.id)?.length ?? 0)
    expect(counts).toContain(0)
    expect(counts).toContain(8)
    expect(reviews.length).toBeGreaterThan(products.length * 2)
  })

  it('skews ratings positive and keeps titles and bodies within the rules', () => {
    const ids = new Set(DEMO_USERS.map((u) => u.id))
    const byRating = [0, 0, 0, 0, 0]
    for (const r of reviews) {
      expect([1, 2, 3, 4, 5]).toContain(r.rating)
      byRating[r.rating - 1]!++
      expect(r.title.length).toBeGreaterThan(0)
      expect(r.title.length).toBeLessThanOrEqual(100)
      expect(r.body.length).toBeGreaterThanOrEqual(1)
      expect(r.body.length).toBeLessThanOrEqual(2000)
      expect(r.body).not.toMatch(/[{}]/)
      expect(ids.has(r.userId)).toBe(true)
      expect(r.authorName).toMatch(/^\S+ [A-Z]\.$/)
    }
    const average = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length
    expect(average).toBeGreaterThan(3.8)
    expect(average).toBeLessThan(4.6)
    expect(byRating.every((n) => n > 0)).toBe(true)
  })

  it('is deterministic', () => {
    expect(generateReviews(products, DEMO_USERS)).toEqual(reviews)
  })

  it('reviews a spread subset of a large catalogue', () => {
    const big = generateProducts({ now, count: 5_000 })
    const subset = reviewedProducts(big)
    expect(subset).toHaveLength(MAX_REVIEWED_PRODUCTS)
    expect(subset[0]).toBe(big[0])
    expect(subset.at(-1)!.id).not.toBe(big[MAX_REVIEWED_PRODUCTS - 1]!.id)
    const reviewedIds = new Set(generateReviews(big, DEMO_USERS).map((r) => r.productId))
    for (const id of reviewedIds) expect(subset.some((p) => p.id === id)).toBe(true)
  })
})
