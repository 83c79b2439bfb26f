/**
 * What a public page shows that belongs to one visitor (docs/decisions/037-personal-pages-from-the-cache.md):
 * the header's cart and liked counts and account links, and the heart on each product. The root
 * loader sends it to the browser as one JSON string (`personal`), the components read it from
 * there, and the page cache fills the holes a kept page has for it per request. NOTE: anything
 * else a public page shows per visitor must either join this view (and get a hole) or make the
 * visitor's page render (lib/page-cache/index.server.ts, `personalFor`).
 */
export type PersonalView = {
  /** Items in the cart (the header's badge). */
  cart: number
  /** The liked products' ids, newest first: the header counts them, hearts are pressed for them. */
  liked: string[]
  signedIn: boolean
  /** Staff see a "Back office" link in the account menu. */
  staff: boolean
}

export const ANONYMOUS_VIEW: PersonalView = { cart: 0, liked: [], signedIn: false, staff: false }

/** The view as the root loader sends it (a string, so a kept page has one place to fill). */
export function serializePersonal(view: PersonalView): string {
  return JSON.stringify({
    cart: view.cart,
    liked: view.liked,
    signedIn: view.signedIn,
    staff: view.staff,
  })
}

/** The view from the root loader's string; anything unreadable is the anonymous view. */
export function parsePersonal(serialized: string | null | undefined): PersonalView {
  if (!serialized) return ANONYMOUS_VIEW
  try {
    const value = JSON.parse(serialized) as Partial<PersonalView>
    return {
      cart: typeof value.cart === 'number' ? value.cart : 0,
      liked: Array.isArray(value.liked) ? value.liked.filter((id) => typeof id === 'string') : [],
      signedIn: value.signedIn === true,
      staff: value.staff === true,
    }
  } catch {
    return ANONYMOUS_VIEW
  }
}

/** The header's account links: a sign-in link, or the account menu (with the back office for staff). */
export type AccountState = 'signed-out' | 'customer' | 'staff'
export const ACCOUNT_STATES: readonly AccountState[] = ['signed-out', 'customer', 'staff']

export function accountState(view: { signedIn: boolean; staff?: boolean }): AccountState {
  if (!view.signedIn) return 'signed-out'
  return view.staff ? 'staff' : 'customer'
}

/** A heart: pressed or not. */
export type LikedState = 'liked' | 'not-liked'
export const LIKED_STATES: readonly LikedState[] = ['liked', 'not-liked']

/** The holes' names: the counts (text) and the parts that come in a few variants. */
export type TextHole = 'cart' | 'liked'
export type VariantHole = 'account' | `liked/${string}`

export const ACCOUNT_HOLE: VariantHole = 'account'
export const likedHole = (productId: string): VariantHole => `liked/${productId}`

/** The text a count hole shows for this visitor. */
export function textFor(hole: TextHole, view: PersonalView): string {
  return String(hole === 'cart' ? view.cart : view.liked.length)
}

/** The variant a hole shows for this visitor, or null for a hole this module does not know. */
export function variantFor(hole: string, view: PersonalView): string | null {
  if (hole === ACCOUNT_HOLE) return accountState(view)
  if (hole.startsWith('liked/')) {
    return view.liked.includes(hole.slice('liked/'.length)) ? 'liked' : 'not-liked'
  }
  return null
}

/**
 * The markers a page rendered for the page cache carries in place of its personal parts. `prefix`
 * is random per render (like the CSP nonce), so no product text can contain one; each marker ends
 * with `;`, and none contains a character React or a JSON string would escape.
 */
export const holeMarkers = {
  text: (prefix: string, hole: TextHole) => `${prefix}t:${hole};`,
  variant: (prefix: string, hole: VariantHole, variant: string) => `${prefix}v:${hole}|${variant};`,
  end: (prefix: string) => `${prefix}e;`,
  data: (prefix: string) => `${prefix}d;`,
}
