import { parse } from 'csv-parse'

import {
  IMAGE_COLUMNS,
  PRODUCT_COLUMNS,
  REQUIRED_PRODUCT_COLUMNS,
  STOCK_COLUMNS,
  type ProductColumn,
} from './product-columns'

/**
 * Reading an uploaded CSV before any row is judged: the file must be UTF-8 text (not a saved
 * spreadsheet), at most MAX_IMPORT_ROWS rows, and its first row must name the columns of a
 * products file (the products export's) or of a stock file (`sku,stock`). Each refusal says what to
 * do instead. Rows keep their line number as a spreadsheet numbers them (the header is line 1).
 */

/**
 * The largest file the import takes: the products export of a 10 000-product catalogue (26 753
 * variants, 13 MB in the benchmark) fits, so a whole catalogue round-trips in one file.
 */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024
/** Rows after the header. */
export const MAX_IMPORT_ROWS = 50_000

export type ImportKind = 'products' | 'stock'

/** One row: its line number and its cells by column; a column the file does not have is absent. */
export type ImportRow = {
  line: number
  cells: Partial<Record<ProductColumn, string>>
  /** Set when the row has more or fewer cells than the header names. */
  cellCountProblem: string | null
}

export type ReadFile =
  | { ok: true; kind: ImportKind; columns: ProductColumn[]; rows: ImportRow[] }
  | { ok: false; message: string }

const START_FROM_EXPORT =
  'Download the products export (or write the header sku,stock for stock only) and start from its first row.'

/** "Product ID" -> "product_id", as people type headers. */
function columnName(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
}

/** Spreadsheets set to a comma-decimal locale (South Africa's) save CSV with semicolons. */
function delimiterOf(text: string): ',' | ';' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  return !firstLine.includes(',') && firstLine.includes(';') ? ';' : ','
}

/**
 * The export writes `'` before text a spreadsheet would run as a formula (safeCell in
 * export.server.ts); the import takes it off again so a round trip changes nothing.
 */
export function unquoteCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value
}

/** Text handed to the parser at a time: a 20 MB file is parsed in slices, other requests between. */
const PARSE_SLICE = 256 * 1024

/** Lets the event loop answer other requests before the next slice of work. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * csv-parse's stream parser fed PARSE_SLICE characters at a time: the same records as parsing
 * the whole text at once, without holding the event loop for the seconds a catalogue takes.
 */
async function parseInSlices(text: string): Promise<string[][]> {
  const records: string[][] = []
  let failure: unknown = null
  const parser = parse({
    delimiter: delimiterOf(text),
    relax_column_count: true,
    // Kept, so that record n is line n + 1 as the spreadsheet numbers it; blank rows are dropped below.
    skip_empty_lines: false,
  })
  parser.on('readable', () => {
    let record: string[] | null
    while ((record = parser.read() as string[] | null) !== null) records.push(record)
  })
  parser.on('error', (error) => (failure = error))
  const ended = new Promise<void>((resolve) =>
    parser.on('end', resolve).on('error', () => resolve()),
  )
  for (let at = 0; at < text.length && !failure; at += PARSE_SLICE) {
    parser.write(text.slice(at, at + PARSE_SLICE))
    await yieldToEventLoop()
  }
  if (!failure) parser.end()
  await ended
  if (failure) throw failure
  return records
}

export async function readImportFile(bytes: Uint8Array): Promise<ReadFile> {
  if (bytes.length === 0) return { ok: false, message: `The file is empty. ${START_FROM_EXPORT}` }
  // A workbook (.xlsx, .ods) is a zip; the old .xls a compound file.
  if ((bytes[0] === 0x50 && bytes[1] === 0x4b) || (bytes[0] === 0xd0 && bytes[1] === 0xcf)) {
    return {
      ok: false,
      message:
        'This is a spreadsheet workbook, not a CSV file. In your spreadsheet, save or download it as "CSV UTF-8 (comma delimited)" and upload that.',
    }
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return {
      ok: false,
      message:
        'The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8 (comma delimited)" and upload it again.',
    }
  }
  if (text.includes('\u0000')) {
    return { ok: false, message: 'The file is not a CSV file (it holds binary data).' }
  }

  let records: string[][]
  try {
    records = await parseInSlices(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return {
      ok: false,
      message: `The file could not be read as CSV (${reason}). Check that every quoted cell ends with a quote, then upload it again.`,
    }
  }

  const [header, ...body] = records
  if (!header || header.every((cell) => !cell.trim())) {
    return { ok: false, message: `The file has no header row. ${START_FROM_EXPORT}` }
  }
  const names = header.map(columnName)
  const images = names.filter((name) => IMAGE_COLUMNS.has(name))
  if (images.length) {
    return {
      ok: false,
      message: `Pictures are not imported from links (column ${images.join(', ')}): remove the column and upload the file again, then add photos on each product's page.`,
    }
  }
  const seen = new Set<string>()
  for (const name of names) {
    if (seen.has(name)) {
      return { ok: false, message: `The column ${name} appears twice in the header: keep one.` }
    }
    seen.add(name)
  }

  let kind: ImportKind
  if (names.length === 2 && STOCK_COLUMNS.every((column) => names.includes(column))) {
    kind = 'stock'
  } else {
    const known = new Set<string>(PRODUCT_COLUMNS)
    const unknown = names.filter((name) => !known.has(name))
    const missing = REQUIRED_PRODUCT_COLUMNS.filter((column) => !names.includes(column))
    if (unknown.length || missing.length) {
      const problems = [
        unknown.length
          ? `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`
          : '',
        missing.length ? `missing ${missing.join(', ')}` : '',
      ].filter(Boolean)
      return {
        ok: false,
        message: `The header row does not match (${problems.join('; ')}). A products file has the columns ${PRODUCT_COLUMNS.join(',')} (${REQUIRED_PRODUCT_COLUMNS.join(', ')} required); a stock file has exactly sku,stock. ${START_FROM_EXPORT}`,
      }
    }
    kind = 'products'
  }

  const rowCount = body.filter((record) => record.some((cell) => cell.trim() !== '')).length
  if (rowCount === 0) {
    return { ok: false, message: 'The file has a header but no rows: add a row per variant.' }
  }
  if (rowCount > MAX_IMPORT_ROWS) {
    return {
      ok: false,
      message: `The file has ${rowCount.toLocaleString('en')} rows; an import takes at most ${MAX_IMPORT_ROWS.toLocaleString('en')}. Split it into smaller files.`,
    }
  }

  const columns = names as ProductColumn[]
  const rows: ImportRow[] = []
  body.forEach((record, i) => {
    if (record.every((cell) => cell.trim() === '')) return
    const cells: ImportRow['cells'] = {}
    columns.forEach((column, c) => {
      cells[column] = unquoteCell(record[c] ?? '')
    })
    const extra = record.slice(columns.length).some((cell) => cell.trim() !== '')
    rows.push({
      line: i + 2,
      cells,
      cellCountProblem:
        extra || record.length < columns.length
          ? `This row has ${record.length} cells where the header names ${columns.length}: check for a stray comma or a missing cell`
          : null,
    })
  })
  return { ok: true, kind, columns, rows }
}
