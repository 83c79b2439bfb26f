// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { CsvImportForm, CsvImportPreview } from '~/components/admin/csv-import'
import type { ImportActionData } from '~/lib/csv/import.server'

import { renderRoute } from '../../test/render-route'

import AdminImport from './admin.import'

const loaderData = {
  maxMegabytes: 20,
  maxRows: 50_000,
  columns: ['product_id', 'sku', 'name'],
  required: ['product_id', 'name'],
}

const answer: ImportActionData = {
  result: { status: 'success' },
  preview: {
    filename: 'season.csv',
    hash: 'a'.repeat(64),
    kind: 'products',
    rows: 3,
    counts: { create: 2, update: 0, unchanged: 0, invalid: 1, skipped: 0 },
    problems: [{ line: 4, sku: null, message: 'price: Enter the price in rands, e.g. 1299.00' }],
    changes: [
      {
        productId: 'rusks',
        name: 'Rusks',
        action: 'create',
        change: 'created "Rusks" with 1 variant, 12 on hand',
      },
    ],
    products: 2,
  },
}

describe('/admin/import', () => {
  it('tells staff both formats and that nothing changes before the dry run is applied', () => {
    renderRoute(AdminImport, { url: '/admin/import', loaderData })
    expect(
      screen.getByRole('heading', { level: 1, name: 'Import products and stock' }),
    ).toBeVisible()
    expect(screen.getByText(/nothing changes until you apply it/)).toBeVisible()
    expect(screen.getByText('sku,stock')).toBeVisible()
    expect(screen.getByLabelText('CSV file')).toHaveAttribute('type', 'file')
    expect(screen.getByRole('button', { name: 'Preview (dry run)' })).toBeVisible()
    expect(screen.queryByRole('button', { name: /Apply/ })).toBeNull()
  })

  it('shows the dry run: counts, every invalid row by line, what applying saves', () => {
    const { preview } = answer
    renderRoute(<CsvImportPreview preview={preview!} />)
    const count = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).parentElement!.querySelector('dd')
    expect(count('Rows to create')).toHaveTextContent('2')
    expect(count('Invalid rows')).toHaveTextContent('1')
    const problems = screen.getByRole('table', { name: 'Invalid rows' })
    expect(within(problems).getAllByRole('row')[1]).toHaveTextContent(
      '4price: Enter the price in rands, e.g. 1299.00',
    )
    expect(screen.getByRole('table', { name: 'What applying saves' })).toHaveTextContent(
      'created "Rusks" with 1 variant, 12 on hand',
    )
  })

  it('asks for the same file again to apply it, carrying the dry run’s hash', () => {
    const { preview } = answer
    const { container } = renderRoute(
      <CsvImportForm lastResult={answer.result} preview={preview} maxMegabytes={20} />,
    )
    expect(screen.getByLabelText('CSV file')).toHaveAccessibleDescription(
      /the file of this dry run must be chosen here/,
    )
    const apply = screen.getByRole('button', { name: 'Apply: save 2 products' })
    expect(apply).toHaveAttribute('value', 'apply')
    expect(container.querySelector('input[name="hash"]')).toHaveValue('a'.repeat(64))
  })
})
