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
/** The page's own bytes are kept encoded: a fill copies them, never encodes them again. */
type TemplatePart =
  | Buffer
  | { nonce: true }
  | { text: TextHole }
  | { data: true }
  | { hole: string; variants: Map<string, Buffer> }

const TEXT_HOLES = new Set<string>(['cart', 'liked'])
/** How the root loader's `personal` string sits in Remix's inline data script: `\"…\"`. */
const DATA_QUOTE = '\\"'

/**
 * The page's parts, or null when its markers do not read as this module writes them (then the
 * page is answered for its own visitor and not kept). The body is split at every occurrence of the
 * nonce it was rendered with, then at every marker starting with `prefix`.
 */
export function parseTemplate(body: string, nonce: string, prefix: string): Template | null {
  const parts: ReadPart[] = []
  const chunks = body.split(nonce)
  for (let i = 0; i < chunks.length; i++) {
    if (i > 0) parts.push({ nonce: true })
    if (!parseChunk(chunks[i]!, prefix, parts)) return null
  }
  return parts.map((part): TemplatePart => {
    if (typeof part === 'string') return Buffer.from(part)
    if (!('variants' in part)) return part
    const variants = new Map<string, Buffer>()
    for (const [variant, markup] of part.variants) variants.set(variant, Buffer.from(markup))
    return { hole: part.hole, variants }
  })
}

/** A part while the page is read: its text, and its variants' markup, still as strings. */
type ReadPart =
  | string
  | { nonce: true }
  | { text: TextHole }
  | { data: true }
  | { hole: string; variants: Map<string, string> }

function parseChunk(chunk: string, prefix: string, parts: ReadPart[]): boolean {
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
  let out: Buffer[] = []
  for (const part of template) {
    if (Buffer.isBuffer(part) || !('nonce' in part)) {
      const filled = fillPart(part, view)
      if (!filled) return null
      out.push(filled)
    } else {
      pieces.push(Buffer.concat(out).toString())
      out = []
    }
  }
  pieces.push(Buffer.concat(out).toString())
  return pieces
}

/** The same as one body: the pieces joined with `nonce`, copied once, never encoded again. */
export function fillBody(
  template: Template,
  view: PersonalView,
  nonce: string,
): ReturnType<typeof Buffer.concat> | null {
  const joint = Buffer.from(nonce)
  const out: Buffer[] = []
  for (const part of template) {
    const filled = Buffer.isBuffer(part) || !('nonce' in part) ? fillPart(part, view) : joint
    if (!filled) return null
    out.push(filled)
  }
  return Buffer.concat(out)
}

function fillPart(part: Exclude<TemplatePart, { nonce: true }>, view: PersonalView): Buffer | null {
  if (Buffer.isBuffer(part)) return part
  if ('text' in part) return Buffer.from(escapeHtml(textFor(part.text, view)))
  if ('data' in part) return Buffer.from(inlineDataString(serializePersonal(view)))
  const variant = variantFor(part.hole, view)
  return (variant !== null && part.variants.get(variant)) || null
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
