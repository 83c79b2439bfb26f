// The throughput table, with each route's reach marked met / NOT MET, and column printing.
import { settings } from './settings.mjs'

// Reach (issue 3, item 9): ratio of the static file's requests/s, and p99 in ms.
const REACH = {
  home: { ratio: 0.1, p99: 50 },
  shop: { ratio: 0.08, p99: 50 },
  search: { ratio: null, p99: 20 },
  product: { ratio: 0.12, p99: 50 },
}

/** Prints one line per route; `ceiling` is the static file's requests/s. */
export function printTable(rows, ceiling) {
  const header = [
    'route',
    'req/s',
    'p50 ms',
    'p99 ms',
    'x static',
    'reach',
    'rounds req/s',
    'srv CPU',
  ]
  const lines = rows.map((row) => {
    const reach = REACH[row.key]
    let verdict = '(reference)'
    if (reach) {
      const parts = []
      if (reach.ratio !== null)
        parts.push(
          `ratio>=${reach.ratio.toFixed(2)} ${row.rps / ceiling >= reach.ratio ? 'met' : 'NOT MET'}`,
        )
      parts.push(`p99<=${reach.p99} ${row.p99 <= reach.p99 ? 'met' : 'NOT MET'}`)
      verdict = parts.join(', ')
    }
    return [
      row.label + (row.bad ? ` [${row.bad} non-2xx/errors]` : ''),
      row.rps.toFixed(0),
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      (row.rps / ceiling).toFixed(3),
      verdict,
      row.roundRps.map((n) => n.toFixed(0)).join(' / '),
      row.serverCpu === null ? '?' : `${Math.round(row.serverCpu * 100)}%`,
    ]
  })
  console.log(
    `\nThroughput and latency (requests summed over ${settings.rounds} rounds; p50 = median of the rounds' p50, p99 = worst round's p99)`,
  )
  printColumns(header, lines, [false, true, true, true, true, false, true, true])
}

export function printColumns(header, rows, rightAligned) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const format = (cells) =>
    cells
      .map((cell, i) => (rightAligned[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd()
  console.log(format(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const row of rows) console.log(format(row))
}

export const formatKb = (bytes) => (bytes / 1024).toFixed(1)
