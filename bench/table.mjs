// The throughput table, with each route's reach marked met / NOT MET, and column printing.
import { settings } from './settings.mjs'

// Reach (issue 28): ratio of the static file's requests/s, and p99 in ms at 10 connections.
// Both are answered from the page cache: anonymous visitors the copy for everyone, the returning
// shopper (a cart line and a liked product) the kept page with their holes filled
// (docs/decisions/037-personal-pages-from-the-cache.md).
const REACH = {
  'anonymous-home': { ratio: 0.8, p99: null },
  'anonymous-shop': { ratio: 0.8, p99: null },
  'anonymous-search': { ratio: null, p99: null },
  'anonymous-product': { ratio: 0.8, p99: null },
  'shopper-home': { ratio: 0.3, p99: 60 },
  'shopper-shop': { ratio: 0.3, p99: 60 },
  'shopper-search': { ratio: 0.15, p99: 60 },
  'shopper-product': { ratio: 0.3, p99: 60 },
}

/** Prints one line per route; `ceiling` is the static file's requests/s. */
export function printTable(rows, ceiling) {
  const header = [
    'route',
    'who',
    'cache',
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
    let verdict = row.key === 'static' ? '(reference)' : ''
    if (reach) {
      const parts = []
      if (reach.ratio !== null)
        parts.push(
          `x>=${reach.ratio.toFixed(2)} ${row.rps / ceiling >= reach.ratio ? 'met' : 'NOT MET'}`,
        )
      if (reach.p99 !== null)
        parts.push(`p99<=${reach.p99} ${row.p99 <= reach.p99 ? 'met' : 'NOT MET'}`)
      verdict = parts.join(', ') || '(no reach)'
    }
    return [
      row.label + (row.bad ? ` [${row.bad} non-2xx/errors]` : ''),
      row.who ?? '',
      row.cache ?? '',
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
    `\nThroughput and latency at ${settings.connections} connections (requests summed over ${settings.rounds} rounds; p50 = median of the rounds' p50, p99 = worst round's p99; cache = X-Page-Cache of a probe)`,
  )
  printColumns(header, lines, [false, false, false, true, true, true, true, false, true, true])
  printSideBySide(rows, ceiling)
}

/** Each page's anonymous and shopper figures on one line, as ratios to the static file. */
function printSideBySide(rows, ceiling) {
  const byKey = new Map(rows.map((row) => [row.key, row]))
  const lines = []
  for (const row of rows) {
    if (row.who !== 'anonymous') continue
    const page = row.key.slice('anonymous-'.length)
    const shopper = byKey.get(`shopper-${page}`)
    if (!shopper) continue
    lines.push([
      row.label,
      (row.rps / ceiling).toFixed(3),
      `${row.p50.toFixed(1)} / ${row.p99.toFixed(1)}`,
      (shopper.rps / ceiling).toFixed(3),
      `${shopper.p50.toFixed(1)} / ${shopper.p99.toFixed(1)}`,
      (shopper.rps / row.rps).toFixed(2),
      shopper.cache ?? '',
    ])
  }
  console.log(
    '\nAnonymous and returning shopper side by side (x static = ratio to the static file)',
  )
  printColumns(
    [
      'page',
      'anonymous x static',
      'p50 / p99 ms',
      'shopper x static',
      'p50 / p99 ms',
      'shopper / anonymous',
      'shopper cache',
    ],
    lines,
    [false, true, true, true, true, true, false],
  )
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
