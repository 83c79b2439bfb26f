import { Readable } from 'node:stream'

import { stringify } from 'csv-stringify'

import type { Store } from '~/lib/data/store'
import { centsToRandsString } from '~/lib/money'

/** One cell of an export: text, a whole number, or empty. Money goes in as `rands(cents)`. */
export type CsvValue = string | number | null

/** A period of South African calendar days, both ends included (`YYYY-MM-DD`). */
export interface ExportPeriod {
  from: string
  to: string
}

/**
 * An export as it streams: the file's name, its header row and its rows, read one page of the
 * store at a time so that 10 000 orders never sit in memory together.
 */
export interface CsvExport {
  filename: string
  columns: readonly string[]
  rows: AsyncIterable<readonly CsvValue[]>
}

/** Every `/admin/export/{kind}.csv` is one of these, looked up by its kind. */
export type Exporter = (store: Store, period: ExportPeriod) => CsvExport

/** Money in an export: rands with two decimals and a dot (`1299.00`), as DESIGN.md asks. */
export function rands(cents: number): string {
  return centsToRandsString(cents)
}

/**
 * A spreadsheet runs a cell that starts with `=`, `+`, `-`, `@` or a control character as a
 * formula, so text that starts that way (a product name, a customer's typed address) is prefixed
 * with a quote mark. Numbers and money (`-50.00`) stay as they are: they are data we wrote.
 */
export function safeCell(value: CsvValue): CsvValue {
  if (typeof value !== 'string') return value
  if (/^[=+@\t\r]/.test(value)) return `'${value}`
  if (value.startsWith('-') && !/^-\d+(\.\d+)?$/.test(value)) return `'${value}`
  return value
}

async function* safeRows(rows: AsyncIterable<readonly CsvValue[]>) {
  for await (const row of rows) yield row.map(safeCell)
}

/**
 * The export as a streamed `text/csv` download (UTF-8, a header row, one row per record),
 * `no-store` like every back-office answer. A store error midway ends the stream early: the
 * download is then cut short, which the browser reports as a failed download, never a 500 page.
 */
export function csvResponse(exported: CsvExport): Response {
  const stringifier = stringify({ header: true, columns: [...exported.columns] })
  const source = Readable.from(safeRows(exported.rows))
  source.on('error', (error) => stringifier.destroy(error))
  source.pipe(stringifier)
  return new Response(Readable.toWeb(stringifier) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exported.filename}"`,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    },
  })
}
