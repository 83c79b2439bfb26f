import {
  serializePersonal,
  textFor,
  variantFor,
  type PersonalView,
  type TextHole,
} from '~/lib/personal'

/**
 * A page rendered for the page cache with holes where the personal parts go
 * (docs/decisions/037-personal-pages-from-the-cache.md), read once into parts and filled per
 * request with one visitor's view and the response's nonce.
 */
export type Template = TemplatePart[]
type TemplatePart =
  | string
  | { nonce: true }
  | { text: TextHole }
  | { data: true }
  | { hole: string; variants: Map<string, string> }

const TEXT_HOLES = new Set<string>(['cart', 'liked'])
/** How the root loader's `personal` string sits in Remix's inline data script: `\"…\"`. */
const DATA_QUOTE = '\\"'

/**
 * The page's parts, or null when its markers do not read as this module writes them (then the
 * page is answered for its own visitor and not kept). The body is split at every occurrence of the
 * nonce it was rendered with, then at every marker starting with `prefix`.
 */
export function parseTemplate(body: string, nonce: string, prefix: string): Template | null {
  const parts: Template = []
  const chunks = body.split(nonce)
  for (let i = 0; i < chunks.length; i++) {
    if (i > 0) parts.push({ nonce: true })
    if (!parseChunk(chunks[i]!, prefix, parts)) return null
  }
  return parts
}

function parseChunk(chunk: string, prefix: string, parts: Template): boolean {
  const pieces = chunk.split(prefix)
  let open: { hole: string; variants: Map<string, string> } | null = null
  let variant = ''
  let pendingText = pieces[0]!
  const flush = (text: string) => {
    if (open) open.variants.set(variant, (open.variants.get(variant) ?? '') + text)
    else if (text) parts.push(text)
  }
  for (let i = 1; i < pieces.length; i++) {
    const piece = pieces[i]!
    const end = piece.indexOf(';')
    if (end < 0) return false
    const marker = piece.slice(0, end)
    let rest = piece.slice(end + 1)
    if (marker.startsWith('t:')) {
      const hole = marker.slice(2)
      if (open || !TEXT_HOLES.has(hole)) return false
      flush(pendingText)
      parts.push({ text: hole as TextHole })
    } else if (marker === 'd') {
      if (open || !pendingText.endsWith(DATA_QUOTE) || !rest.startsWith(DATA_QUOTE)) return false
      flush(pendingText.slice(0, -DATA_QUOTE.length))
      parts.push({ data: true })
      rest = rest.slice(DATA_QUOTE.length)
    } else if (marker.startsWith('v:')) {
      const bar = marker.indexOf('|')
      if (bar < 0) return false
      const hole = marker.slice(2, bar)
      flush(pendingText)
      if (open && open.hole !== hole) return false
      if (!open) {
        open = { hole, variants: new Map() }
        parts.push(open)
      }
      variant = marker.slice(bar + 1)
      open.variants.set(variant, '')
    } else if (marker === 'e') {
      if (!open) return false
      flush(pendingText)
      open = null
    } else {
      return false
    }
    pendingText = rest
  }
  if (open) return false
  flush(pendingText)
  return true
}

/**
 * The page for one visitor in pieces between its nonce slots, every hole filled from `view` (join
 * them with the response's nonce). Null when a hole asks for a variant the page did not render
 * (then the page renders for this visitor).
 */
export function fillPieces(template: Template, view: PersonalView): string[] | null {
  const pieces: string[] = []
  let out: string[] = []
  for (const part of template) {
    if (typeof part === 'string') out.push(part)
    else if ('nonce' in part) {
      pieces.push(out.join(''))
      out = []
    } else if ('text' in part) out.push(escapeHtml(textFor(part.text, view)))
    else if ('data' in part) out.push(inlineDataString(serializePersonal(view)))
    else {
      const variant = variantFor(part.hole, view)
      const markup = variant === null ? undefined : part.variants.get(variant)
      if (markup === undefined) return null
      out.push(markup)
    }
  }
  pieces.push(out.join(''))
  return pieces
}

/** Text or an attribute value as React writes it. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)
}
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
}

/**
 * A string as it sits in Remix's inline data script: a JSON string in the turbo-stream line, which
 * is itself a JSON string in `enqueue(…)`, with `<`, `>`, `&` and the line separators escaped for
 * HTML (@remix-run/react's escapeHtml).
 */
function inlineDataString(value: string): string {
  const inLine = JSON.stringify(value)
  return JSON.stringify(inLine)
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
