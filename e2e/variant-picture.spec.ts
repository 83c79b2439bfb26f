import { randomBytes } from 'node:crypto'

import type { Page } from '@playwright/test'

import { makeProduct } from '~/lib/catalog/products.test-helper'
import type { ProductImage } from '~/lib/data/types'
import { variantIdFor } from '~/lib/data/variants'

import { expect, test } from './fixtures'

/**
 * The product page's picture follows the chosen colour, JS on and off (every spec runs in both
 * projects): with JS the gallery changes at once, without it the page the option form reloads
 * shows the colour's picture. The test makes its own product sold in two colours and two sizes,
 * wearing the pictures the seed drew for the demo tee's colours.
 */

/** The demo product sold in colours whose pictures the test borrows (the seed always makes it). */
const PICTURES_FROM = 'lekker-cotton-tee'

/** The first slide's picture: what the shopper sees first. */
const mainPicture = (page: Page) => page.locator('#product-image-1').getByRole('img')

async function pick(page: Page, javaScript: boolean, option: string, value: string) {
  await page
    .getByRole('group', { name: option })
    .getByRole('radio', { name: value, exact: true })
    .check()
  if (!javaScript) await page.getByRole('button', { name: 'Show this option' }).click()
}

test('the main picture changes with the colour and stays with a size', async ({
  page,
  javaScript,
  store,
  request,
}, testInfo) => {
  const demo = await store.products.get(PICTURES_FROM)
  const pictureOf = (colour: string): ProductImage => {
    const image = demo?.variants.find((v) => v.optionValues[0] === colour)?.image
    if (!image) throw new Error(`The seeded ${PICTURES_FROM} has no picture for ${colour}`)
    return image
  }
  const [black, mustard] = [pictureOf('Black'), pictureOf('Mustard')]
  // The seed drew each colour its own picture, and the shop serves it.
  expect(mustard.url).not.toBe(black.url)
  for (const image of [black, mustard]) {
    const response = await request.get(image.url)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('image/webp')
  }

  const id = `e2e-${testInfo.project.name}-${randomBytes(4).toString('hex')}-picture`
  const options = [
    { name: 'Colour', values: ['Black', 'Mustard'] },
    { name: 'Size', values: ['S', 'M'] },
  ]
  const variants = options[0]!.values.flatMap((colour) =>
    options[1]!.values.map((size) => ({
      id: variantIdFor(id, [colour, size]),
      optionValues: [colour, size],
      priceCents: 29_900,
      compareAtCents: null,
      stock: 5,
      image: colour === 'Black' ? black : mustard,
      weightGrams: 250,
    })),
  )
  const now = new Date().toISOString()
  await store.products.upsertMany([
    makeProduct({
      id,
      name: 'E2E Picture Tee',
      category: 'apparel',
      categoryName: 'Apparel',
      images: demo?.images ?? [],
      options,
      variants,
      createdAt: now,
      updatedAt: now,
    }),
  ])

  await page.goto(`/shop/${id}`)
  await expect(page.getByRole('radio', { name: 'Black', exact: true })).toBeChecked()
  await expect(mainPicture(page)).toHaveAttribute('src', black.url)

  await pick(page, javaScript, 'Colour', 'Mustard')
  await expect(page).toHaveURL(`/shop/${id}?variant=${variantIdFor(id, ['Mustard', 'S'])}`)
  await expect(mainPicture(page)).toHaveAttribute('src', mustard.url)
  await expect(mainPicture(page)).toHaveAccessibleName(/in Mustard/)

  // Another size of the same colour keeps its picture.
  await pick(page, javaScript, 'Size', 'M')
  await expect(page).toHaveURL(`/shop/${id}?variant=${variantIdFor(id, ['Mustard', 'M'])}`)
  await expect(mainPicture(page)).toHaveAttribute('src', mustard.url)

  await pick(page, javaScript, 'Colour', 'Black')
  await expect(mainPicture(page)).toHaveAttribute('src', black.url)
  await expect(mainPicture(page)).toHaveAccessibleName(/in Black/)
})
