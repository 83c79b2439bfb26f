// Lighthouse's mobile run (its default: a mid-range phone on a slow 4G link, simulated throttling)
// against the benchmark's production server: performance score, first and largest contentful
// paint per page, with issue 28's reach (LCP at most 1.8 s). Chromium is Debian's (/usr/bin/chromium,
// or BENCH_CHROME), headless. Prints figures; never fails the benchmark on a missed reach, and a
// missing browser is reported and skipped. Never part of `npm test`.
//
// Alone, against a server that is already up (`npm run build && npm start`):
//   node bench/lighthouse.mjs http://localhost:3000 / /shop /shop/<id>
import fs from 'node:fs'
import url from 'node:url'

import { printColumns } from './table.mjs'

const LCP_REACH_MS = 1800
const CHROME = process.env.BENCH_CHROME || '/usr/bin/chromium'
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu']

/** Runs Lighthouse once per page (`pages`: `{ label, path }`) and prints one line each. */
export async function printLighthouse(origin, pages) {
  if (!fs.existsSync(CHROME)) {
    console.log(`\nLighthouse skipped: no Chromium at ${CHROME} (set BENCH_CHROME)`)
    return
  }
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const lines = []
  let version = ''
  for (const page of pages) {
    // A fresh browser per page: no cache or connection carried from the page before.
    const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS })
    try {
      const result = await lighthouse(origin + page.path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      })
      const lhr = result?.lhr
      if (!lhr) throw new Error('no report')
      version = lhr.lighthouseVersion
      const audit = (id) => lhr.audits[id]?.numericValue
      const lcp = audit('largest-contentful-paint')
      const element =
        lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
          ?.selector
      lines.push([
        page.label,
        lhr.runtimeError
          ? `error: ${lhr.runtimeError.code}`
          : String(Math.round((lhr.categories.performance.score ?? 0) * 100)),
        seconds(audit('first-contentful-paint')),
        seconds(lcp),
        lcp === undefined
          ? '?'
          : `<=${LCP_REACH_MS / 1000} ${lcp <= LCP_REACH_MS ? 'met' : 'NOT MET'}`,
        seconds(audit('total-blocking-time')),
        element ?? '?',
      ])
    } catch (error) {
      lines.push([
        page.label,
        `failed: ${error instanceof Error ? error.message : error}`,
        '',
        '',
        '',
        '',
        '',
      ])
    } finally {
      await chrome.kill()
    }
  }
  console.log(
    `\nLighthouse ${version} mobile run (simulated slow 4G and a 4x slower CPU; ${CHROME} headless)`,
  )
  printColumns(['page', 'performance', 'FCP s', 'LCP s', 'reach', 'TBT s', 'LCP element'], lines, [
    false,
    true,
    true,
    true,
    false,
    true,
    false,
  ])
}

const seconds = (ms) => (ms === undefined ? '?' : (ms / 1000).toFixed(2))

if (import.meta.url === url.pathToFileURL(process.argv[1] ?? '').href) {
  const [origin, ...paths] = process.argv.slice(2)
  if (!origin) {
    console.error('usage: node bench/lighthouse.mjs ORIGIN [PATH...]')
    process.exit(2)
  }
  await printLighthouse(
    origin.replace(/\/$/, ''),
    (paths.length ? paths : ['/']).map((p) => ({ label: p, path: p })),
  )
}
