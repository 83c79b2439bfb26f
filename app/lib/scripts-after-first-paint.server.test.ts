import { describe, expect, it } from 'vitest'

import { deferModuleScript } from './scripts-after-first-paint.server'

/** Remix 2's module script as `<Scripts>` writes it for /shop (lazy route discovery on). */
const REMIX_SCRIPT = `;
import * as route0 from "/build/root-3WZVVZUK.js";
import * as route1 from "/build/routes/shop._index-O2YIGTFA.js";
window.__remixManifest = {
  "entry": {
    "module": "/build/entry.client-IPKLSUZV.js",
    "imports": [
      "/build/_shared/chunk-MJ7R7DR5.js"
    ]
  },
  "version": "c222ceb2"
};
window.__remixRouteModules = {"root":route0,"routes/shop._index":route1};

import("/build/entry.client-IPKLSUZV.js");`

const PRELOADS = ['/build/entry.client-IPKLSUZV.js', '/build/_shared/chunk-MJ7R7DR5.js']

describe('deferModuleScript (the page takes over after its first paint)', () => {
  it('waits for the first contentful paint, then preloads and imports the same modules', () => {
    const script = deferModuleScript(REMIX_SCRIPT, PRELOADS)!
    expect(script).not.toMatch(/^\s*import\s+[^(]/m) // no static import fetches at parse time
    const wait = script.indexOf('first-contentful-paint')
    const preload = script.indexOf(JSON.stringify(PRELOADS))
    const routes = script.indexOf(
      'const [route0, route1] = await Promise.all([import("/build/root-3WZVVZUK.js"), import("/build/routes/shop._index-O2YIGTFA.js")]);',
    )
    const handOver = script.indexOf(
      'window.__remixRouteModules = {"root":route0,"routes/shop._index":route1};',
    )
    const entry = script.indexOf('import("/build/entry.client-IPKLSUZV.js");')
    expect([wait, preload, routes, handOver, entry].every((at) => at >= 0)).toBe(true)
    expect(wait < preload && preload < routes && routes < handOver && handOver < entry).toBe(true)
    expect(script).toContain('"version": "c222ceb2"') // the manifest, unchanged
    expect(script).toContain('setTimeout(resolve, 3000)') // a tab in the background still takes over
  })

  it('imports side-effect modules (the manifest, the dev runtime) first, in order', () => {
    const routesOnly = REMIX_SCRIPT.replace(/^;\n/, '')
    const withSideEffects = `import "/build/_shared/runtime.js";\nimport "/build/manifest-1.js";\n${routesOnly}`
    const script = deferModuleScript(withSideEffects, PRELOADS)!
    const runtime = script.indexOf('await import("/build/_shared/runtime.js");')
    const manifest = script.indexOf('await import("/build/manifest-1.js");')
    const routes = script.indexOf('await Promise.all([')
    expect(runtime).toBeGreaterThan(0)
    expect(runtime < manifest && manifest < routes).toBe(true)
  })

  it("reads the development build's shape: the runtime's import and the manifest's on one line", () => {
    const routesOnly = REMIX_SCRIPT.replace(/^;\n/, '')
    for (const first of [
      'import "/build/_shared/runtime.js";;', // lazy route discovery: no manifest import
      'import "/build/_shared/runtime.js";import "/build/manifest-1.js";',
    ]) {
      const script = deferModuleScript(`${first}\n${routesOnly}`, PRELOADS)!
      expect(script).toContain('await import("/build/_shared/runtime.js");')
      expect(script).not.toMatch(/import\s*"/) // every import is a call now
    }
  })

  it('leaves a script it does not recognise to Remix (null)', () => {
    expect(deferModuleScript(' ', PRELOADS)).toBeNull()
    expect(
      deferModuleScript(`import { x } from "/build/x.js";\n${REMIX_SCRIPT}`, PRELOADS),
    ).toBeNull()
  })
})
