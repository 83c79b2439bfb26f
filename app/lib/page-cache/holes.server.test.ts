import { describe, expect, it } from 'vitest'

import { ANONYMOUS_VIEW, holeMarkers, likedHole, type PersonalView } from '~/lib/personal'

import { fillBody, fillPieces, parseTemplate } from './holes.server'

const P = 'ph0123456789abcdef01234567'
const NONCE = 'n0nce0000000001AbCdEfGh=='
const shopper: PersonalView = { cart: 3, liked: ['rooibos'], signedIn: true, staff: false }

/** A page as the components render it for the page cache (~/components/personal). */
const page = [
  `<header><a href="/cart">Cart <span aria-label="${holeMarkers.text(P, 'cart')} items in cart">`,
  `${holeMarkers.text(P, 'cart')}</span></a><nav>`,
  `${holeMarkers.variant(P, 'account', 'signed-out')}<a href="/account">Sign in</a>`,
  `${holeMarkers.variant(P, 'account', 'customer')}<span>Account</span>`,
  `${holeMarkers.variant(P, 'account', 'staff')}<span>Account, Back office</span>`,
  `${holeMarkers.end(P)}</nav></header>`,
  `<article>${holeMarkers.variant(P, likedHole('rooibos'), 'liked')}<button aria-pressed="true">♥</button>`,
  `${holeMarkers.variant(P, likedHole('rooibos'), 'not-liked')}<button aria-pressed="false">♡</button>`,
  `${holeMarkers.end(P)}</article>`,
  `<script nonce="${NONCE}">window.__remixContext.streamController.enqueue("[{\\"personal\\":1},\\"${holeMarkers.data(P)}\\"]");</script>`,
].join('')

const fill = (view: PersonalView, body = page) => {
  const template = parseTemplate(body, NONCE, P)
  return template && fillPieces(template, view)?.join('N2')
}

describe('page holes', () => {
  it("fills a shopper's counts, account links, hearts and data, and the response's nonce", () => {
    const html = fill(shopper)!
    expect(html).toContain('aria-label="3 items in cart">3</span>')
    expect(html).toContain('<nav><span>Account</span></nav>')
    expect(html).toContain('<article><button aria-pressed="true">♥</button></article>')
    expect(html).toContain('nonce="N2"')
    expect(html).not.toContain(P)
    // The data as Remix inlines it: a JSON string in the turbo-stream line, itself in a JS string.
    const line = JSON.parse(html.match(/enqueue\((".*")\);/)![1]!) as string
    const personal = (JSON.parse(line) as unknown[])[1] as string
    expect(JSON.parse(personal)).toEqual(shopper)
  })

  it('gives the anonymous view the sign-in link, empty counts and no pressed heart', () => {
    const html = fill(ANONYMOUS_VIEW)!
    expect(html).toContain('aria-label="0 items in cart">0</span>')
    expect(html).toContain('<nav><a href="/account">Sign in</a></nav>')
    expect(html).toContain('<button aria-pressed="false">♡</button>')
  })

  it('never shows one shopper what was filled for another', () => {
    const other: PersonalView = { cart: 1, liked: [], signedIn: true, staff: true }
    const template = parseTemplate(page, NONCE, P)!
    const first = fillPieces(template, shopper)!.join('')
    const second = fillPieces(template, other)!.join('')
    expect(second).toContain('>1</span>')
    expect(second).toContain('Back office')
    expect(second).not.toContain('aria-pressed="true"')
    expect(first).toContain('>3</span>')
    expect(first).not.toContain('Back office')
  })

  it('refuses a page whose markers do not read as written, so it is not kept', () => {
    expect(parseTemplate(page.replace(holeMarkers.end(P), ''), NONCE, P)).toBeNull()
    expect(parseTemplate(`${page}${P}t:name;`, NONCE, P)).toBeNull()
    expect(parseTemplate(`${page}${P}unknown;`, NONCE, P)).toBeNull()
    expect(parseTemplate(`<p>${holeMarkers.data(P)}</p>`, NONCE, P)).toBeNull()
  })

  it('fills one body, as bytes, the same as the pieces joined with the nonce', () => {
    const template = parseTemplate(page, NONCE, P)!
    expect(fillBody(template, shopper, 'N2')?.toString()).toBe(fill(shopper))
  })

  it('answers null for a variant the page did not render', () => {
    const template = parseTemplate(
      `${holeMarkers.variant(P, 'account', 'signed-out')}<a>Sign in</a>${holeMarkers.end(P)}`,
      NONCE,
      P,
    )!
    expect(fillPieces(template, shopper)).toBeNull()
    expect(fillBody(template, shopper, NONCE)).toBeNull()
  })
})
