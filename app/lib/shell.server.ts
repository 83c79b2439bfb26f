/**
 * The header's per-visitor state. The cart and liked counts and the signed-in flag are filled in
 * by the cart and accounts features; until then a visitor has none.
 */
export async function loadShellCounts(_request: Request) {
  return { cart: 0, liked: 0, signedIn: false }
}
