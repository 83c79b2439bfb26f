/**
 * A strict well-formedness check for the XML the app generates (no DTDs, no CDATA): every tag
 * closed in order, one root element, attributes quoted, `<` never raw in text or attributes and
 * `&` only as a known entity or character reference. Returns the problem, or null when well-formed.
 */
export function xmlProblem(xml: string): string | null {
  const token =
    /<\?xml[^?]*\?>|<!--(?:(?!--)[\s\S])*-->|<\/([A-Za-z_][\w.:-]*)\s*>|<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|[^<]+/y
  const entity = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g
  const badAmp = (text: string) => text.replace(entity, '').includes('&')
  const stack: string[] = []
  let roots = 0
  let index = 0
  while (index < xml.length) {
    token.lastIndex = index
    const match = token.exec(xml)
    if (!match) return `unexpected markup at ${index}: ${xml.slice(index, index + 40)}`
    index = token.lastIndex
    const [whole, closing, opening, attributes, selfClosing] = match
    if (closing) {
      if (stack.pop() !== closing) return `</${closing}> does not close the open element`
    } else if (opening) {
      if (stack.length === 0 && ++roots > 1) return 'more than one root element'
      if (attributes && badAmp(attributes)) return `bare & in attributes of <${opening}>`
      const names = [...(attributes ?? '').matchAll(/([A-Za-z_][\w.:-]*)\s*=/g)].map((m) => m[1])
      if (new Set(names).size !== names.length) return `duplicate attribute on <${opening}>`
      if (!selfClosing) stack.push(opening)
    } else if (!whole.startsWith('<')) {
      if (stack.length === 0 && whole.trim()) return 'text outside the root element'
      if (badAmp(whole)) return `bare & in text: ${whole.slice(0, 40)}`
    }
  }
  if (stack.length) return `unclosed <${stack.at(-1)}>`
  if (roots !== 1) return 'no root element'
  return null
}
