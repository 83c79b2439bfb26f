import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'

import { csvResponse, rands, safeCell, type CsvValue } from './export.server'

async function* rowsOf(rows: CsvValue[][]) {
  for (const row of rows) yield row
}

describe('csvResponse', () => {
  it('streams a UTF-8 text/csv download with a header row and one row per record', async () => {
    const response = csvResponse({
      filename: 'orders-2026-11.csv',
      columns: ['order', 'name', 'total'],
      rows: rowsOf([
        ['A1', 'Thandi, "Tee" Nkosi', rands(129900)],
        ['A2', 'Zoë', rands(-5000)],
      ]),
    })

    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe(
      'attachment; filename="orders-2026-11.csv"',
    )
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(parse(await response.text())).toEqual([
      ['order', 'name', 'total'],
      ['A1', 'Thandi, "Tee" Nkosi', '1299.00'],
      ['A2', 'Zoë', '-50.00'],
    ])
  })

  it('keeps a spreadsheet from running text as a formula, but leaves amounts alone', () => {
    expect(safeCell('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`)
    expect(safeCell('+27 82 000 0000')).toBe(`'+27 82 000 0000`)
    expect(safeCell('@SUM(A1)')).toBe(`'@SUM(A1)`)
    expect(safeCell('-cmd')).toBe(`'-cmd`)
    expect(safeCell('-50.00')).toBe('-50.00')
    expect(safeCell(-3)).toBe(-3)
    expect(safeCell('Biltong')).toBe('Biltong')
    expect(safeCell(null)).toBeNull()
  })
})
