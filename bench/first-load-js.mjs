// First-load JS: from the asset manifest the server build names, the entry and its imports plus
// every matched route's module and imports, gzip-sized, per page; and the largest of those chunks.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

import { formatKb, printColumns } from './table.mjs'

// Issue 28: every route's first load at most 100 KB gzip.
const JS_REACH_KB = 100
const GZIP_LEVEL = 9

/**
 * Prints, per page, the JS a first visit downloads (from the manifest the server build names),
 * cross-checked with the page's own script tags in `pageHtml`, and the largest chunks.
 */
export function printFirstLoadJs(appDir, pageHtml) {
  const { manifest, file } = readManifest(appDir)
  const metafile = readMetafile(appDir)
  const gz = new Map()
  const size = (asset) => {
    if (!gz.has(asset)) {
      const raw = fs.readFileSync(path.join(appDir, 'public', asset))
      gz.set(asset, { raw: raw.length, gzip: zlib.gzipSync(raw, { level: GZIP_LEVEL }).length })
    }
    return gz.get(asset)
  }
  const pages = [
    { label: 'home', url: '/' },
    { label: 'shop', url: '/shop' },
    { label: 'product', url: '/shop/some-id' },
  ]
  const lines = []
  const mismatches = []
  const used = new Map()
  for (const page of pages) {
    const matched = matchRoutes(manifest.routes, page.url)
    const assets = new Set([manifest.entry.module, ...manifest.entry.imports])
    for (const route of matched) {
      assets.add(route.module)
      for (const asset of route.imports ?? []) assets.add(asset)
    }
    let raw = 0
    let gzip = 0
    for (const asset of assets) {
      const s = size(asset)
      raw += s.raw
      gzip += s.gzip
      if (!used.has(asset)) used.set(asset, new Set())
      used.get(asset).add(page.label)
    }
    const html = pageHtml[page.label]
    // The modules the page's script preloads after the first paint (docs/decisions/039).
    const preloads = html.match(/for \(const href of (\[[^\]]*\])\)/)?.[1]
    const inHtml = new Set([
      ...(preloads ? JSON.parse(preloads) : []),
      ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)].map((m) => m[1]),
      ...[...html.matchAll(/import\(\s*"(\/build\/[^"]+\.js)"/g)].map((m) => m[1]),
    ])
    const onlyManifest = [...assets].filter((a) => !inHtml.has(a))
    const onlyHtml = [...inHtml].filter((a) => !assets.has(a))
    if (onlyManifest.length || onlyHtml.length) {
      mismatches.push(
        `${page.label}: page HTML lacks ${onlyManifest.join(', ') || 'nothing'}; HTML adds ${onlyHtml.join(', ') || 'nothing'}`,
      )
    }
    const lazy = metafile ? lazyChunks(metafile, assets) : []
    const lazyGzip = lazy.reduce((sum, asset) => sum + size(asset).gzip, 0)
    const kb = gzip / 1024
    lines.push([
      page.label,
      matched.map((r) => r.id).join(' > '),
      String(assets.size),
      formatKb(raw),
      formatKb(gzip),
      `<=${JS_REACH_KB} ${kb <= JS_REACH_KB ? 'met' : 'NOT MET'}`,
      lazy.length ? `${formatKb(lazyGzip)} KB in ${lazy.length}` : '-',
    ])
  }
  console.log(
    `\nJS a first visit downloads (${file}: entry + its imports + matched routes' modules + their imports; gzip level ${GZIP_LEVEL}, KB = 1024 bytes)`,
  )
  printColumns(
    ['page', 'routes', 'files', 'raw KB', 'gzip KB', 'reach', 'reachable by import(), not counted'],
    lines,
    [false, false, true, true, true, false, false],
  )
  if (mismatches.length)
    for (const line of mismatches) console.log(`! differs from the page's script tags: ${line}`)
  else console.log("Same files as the pages' own <script> and modulepreload tags.")

  const largest = [...used.keys()].sort((a, b) => size(b).gzip - size(a).gzip).slice(0, 3)
  console.log('\nLargest first-load chunks')
  printColumns(
    ['chunk', 'gzip KB', 'raw KB', 'pages', 'biggest inputs (bytes in output)'],
    largest.map((asset) => [
      asset,
      formatKb(size(asset).gzip),
      formatKb(size(asset).raw),
      [...used.get(asset)].join(','),
      metafile ? biggestInputs(metafile, asset) : '?',
    ]),
    [false, true, true, false, false],
  )
}

// Remix's classic manifest: routes carry `path`, `index` and `parentId`. Returns root..leaf.
function matchRoutes(routes, pathname) {
  const segments = pathname.split('/').filter(Boolean)
  const chain = (route) => {
    const list = []
    for (let r = route; r; r = r.parentId ? routes[r.parentId] : undefined) list.unshift(r)
    return list
  }
  let best = null
  for (const route of Object.values(routes)) {
    const hasChildren = Object.values(routes).some((r) => r.parentId === route.id)
    if (hasChildren && !route.index) continue // a layout matches only through a child
    const pattern = chain(route).flatMap((r) => (r.path ? r.path.split('/').filter(Boolean) : []))
    const score = scorePattern(pattern, segments)
    if (score !== null && (!best || score > best.score)) best = { route, score }
  }
  if (!best) throw new Error(`no route in the manifest matches ${pathname}`)
  return chain(best.route)
}

function scorePattern(pattern, segments) {
  let score = 0
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]
    if (part === '*') return score + 1
    if (i >= segments.length) return part.endsWith('?') ? score : null
    if (part.startsWith(':')) score += 2
    else if (part === segments[i]) score += 10
    else return null
  }
  return pattern.length === segments.length ? score + 5 : null
}

function lazyChunks(metafile, loaded) {
  const out = new Set()
  const visit = (asset, dynamicOnly) => {
    const entry = metafile.outputs[`public${asset}`]
    if (!entry) return
    for (const imp of entry.imports) {
      const target = '/' + imp.path.replace(/^public\//, '')
      if (dynamicOnly && imp.kind !== 'dynamic-import') continue
      if (loaded.has(target) || out.has(target)) continue
      out.add(target)
      visit(target, false)
    }
  }
  for (const asset of loaded) visit(asset, true)
  return [...out]
}

function biggestInputs(metafile, asset) {
  const entry = metafile.outputs[`public${asset}`]
  if (!entry) return '?'
  const packages = new Map()
  for (const [input, { bytesInOutput }] of Object.entries(entry.inputs)) {
    const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
    const name = match ? match[1] : input
    packages.set(name, (packages.get(name) ?? 0) + bytesInOutput)
  }
  return [...packages]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, bytes]) => `${name} ${bytes}`)
    .join(', ')
}

export function readManifest(appDir) {
  const file = currentManifestFile(appDir)
  const text = fs.readFileSync(path.join(appDir, 'public', 'build', file), 'utf8')
  const json = text.replace(/^\s*window\.__remixManifest\s*=\s*/, '').replace(/;?\s*$/, '')
  return { manifest: JSON.parse(json), file }
}

function readMetafile(appDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(appDir, 'build', 'metafile.js.json'), 'utf8'))
  } catch {
    return null
  }
}

// The manifest the server build points at (public/build may hold others from earlier builds).
function currentManifestFile(appDir) {
  const serverBuild = fs.readFileSync(path.join(appDir, 'build', 'index.js'), 'utf8')
  const names = [...new Set(serverBuild.match(/manifest-[A-Za-z0-9]+\.js/g) ?? [])]
  if (names.length !== 1)
    throw new Error(`build/index.js names ${names.length} asset manifests, expected 1`)
  return names[0]
}
