import { expect, signInAs, test } from './fixtures'

/**
 * The tax invoice as a buyer meets it, with JS on and off: their paid order's page links the
 * invoice, which opens naming the order, and its PDF downloads as application/pdf. The figures,
 * VAT, access rules and credit notes are proven in vitest (app/lib/documents, app/routes/invoices).
 */
test('a customer opens the invoice of their paid order and downloads its PDF', async ({
  page,
  createUser,
  createProduct,
  createPaidOrder,
}) => {
  const user = await createUser()
  const product = await createProduct()
  const order = await createPaidOrder({ product, user })
  await signInAs(page, user)

  await page.goto(`/orders/${order.id}`)
  const documents = page.getByRole('region', { name: /^Invoice/ })
  const invoiceLink = documents.getByRole('link', { name: /^Invoice INV-\d{6}$/ })
  const number = (await invoiceLink.textContent())!.replace('Invoice ', '').trim()

  await invoiceLink.click()
  await expect(page).toHaveURL(`/orders/${order.id}/invoice`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tax Invoice ${number}`)
  await expect(page.getByText(order.id, { exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'R 224,00' }).first()).toBeVisible()

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`${number}.pdf`)

  const pdf = await page.request.get(`/orders/${order.id}/invoice.pdf`)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-')
})
