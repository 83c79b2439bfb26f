import { expect, test } from './fixtures'

/**
 * The page's scripts wait for its first paint (docs/decisions/039): the document names no module
 * to preload, the browser asks for none before it has painted the page's content, and the page
 * still takes over (the fixtures' goto waits for hydration, and any console error, a hydration
 * mismatch included, fails the test).
 */
test.describe('scripts after the first paint', () => {
  test.skip(({ javaScript }) => !javaScript, 'scripts run with JavaScript only')

  for (const path of ['/', '/shop']) {
    test(`${path}: no module is fetched before the first contentful paint`, async ({
      page,
      request,
    }) => {
      const html = await (await request.get(path)).text()
      expect(html).not.toContain('rel="modulepreload"')
      await page.goto(path)
      const timing = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime
        const modules = performance
          .getEntriesByType('resource')
          .filter((entry) => /^\/build\/.+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime)
        return { paint: paint ?? null, modules }
      })
      expect(timing.paint, 'the first contentful paint').not.toBeNull()
      expect(timing.modules.length, 'modules fetched').toBeGreaterThan(5)
      expect(Math.min(...timing.modules)).toBeGreaterThanOrEqual(timing.paint!)
      // The modules Remix would have preloaded are preloaded now, after the paint.
      await expect(page.locator('head link[rel="modulepreload"]')).not.toHaveCount(0)
    })
  }
})
