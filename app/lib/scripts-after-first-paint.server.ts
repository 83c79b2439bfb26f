/**
 * The module script Remix's `<Scripts>` writes (Remix 2: `import * as route0 from "…";` per matched
 * route, side-effect imports such as the dev server's runtime, then the route modules handed to
 * `window.__remixRouteModules` and `import("<entry>")`), turned into one that waits for the page's
 * first contentful paint, preloads `preloads`, then imports the same modules dynamically and runs
 * the rest unchanged (docs/decisions/039). Null when the text holds a static import of another
 * form: the caller then keeps Remix's script as it is.
 */
export function deferModuleScript(text: string, preloads: readonly string[]): string | null {
  const sideEffects: string[] = []
  const routes: { name: string; specifier: string }[] = []
  const rest = text
    // `import "…";` (the dev server's runtime, the manifest), however Remix lines them up.
    .replace(/\bimport ("[^"\n]+");/g, (_line, specifier: string) => {
      sideEffects.push(specifier)
      return ''
    })
    .replace(/^import \* as (route\d+) from ("[^"\n]+");$/gm, (_line, name: string, specifier) => {
      routes.push({ name, specifier: specifier as string })
      return ''
    })
  if (routes.length === 0 || /^\s*import\s*[^(\s]/m.test(rest)) return null
  const lines = [
    `await new Promise(${AFTER_FIRST_PAINT});`,
    `for (const href of ${JSON.stringify(preloads)}) {`,
    `  const link = document.createElement("link");`,
    `  link.rel = "modulepreload";`,
    `  link.href = href;`,
    `  document.head.append(link);`,
    `}`,
    ...sideEffects.map((specifier) => `await import(${specifier});`),
    `const [${routes.map((route) => route.name).join(', ')}] = await Promise.all([${routes
      .map((route) => `import(${route.specifier})`)
      .join(', ')}]);`,
    rest.trim(),
  ]
  return `\n${lines.join('\n')}\n`
}

/**
 * Resolves once the browser has painted content (the paint timing entry, already there or still to
 * come), at once where that cannot be observed, and after 3 s at the latest (a tab opened in the
 * background paints nothing until it is shown, and its page still takes over).
 */
const AFTER_FIRST_PAINT = `(resolve) => {
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  if (!window.PerformanceObserver || !PerformanceObserver.supportedEntryTypes?.includes("paint") || painted()) return resolve();
  const observer = new PerformanceObserver(() => { if (painted()) { observer.disconnect(); resolve(); } });
  observer.observe({ type: "paint", buffered: true });
  setTimeout(resolve, 3000);
}`
