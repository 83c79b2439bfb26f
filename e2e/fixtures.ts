import { expect, test as base } from '@playwright/test'

/**
 * Every spec uses this `test`: it fails a test on any console error or uncaught page error,
 * and tells specs whether JavaScript runs in this project.
 */
export const test = base.extend<{ consoleErrors: string[]; javaScript: boolean }>({
  javaScript: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false)
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        // A 4xx/5xx document or fetch the test asked for on purpose is logged as a console error.
        if (/Failed to load resource: the server responded with a status of (400|403|404|429)/.test(message.text())) return
        errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'console errors during the test').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
