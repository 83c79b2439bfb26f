/**
 * The demo shop's colour names and the colours they stand for: one table, shared by the pictures the
 * seed draws (app/lib/images/pictures.ts) and the product page's colour swatches, so a swatch always
 * shows the colour its variant's picture is drawn in. Pure and small: the browser bundle carries it.
 */

/** A colour an option names, as the pictures paint it: the main colour and a second one. */
export type NamedColour = { main: string; second: string }

/**
 * The colours option values name (apparel's Colour option, and the colour in a product's name,
 * "Enamel Mug – Speckled Black"): the picture of that variant is drawn in it, and the product page's
 * colour swatch shows it.
 */
export const NAMED_COLOURS: Readonly<Record<string, NamedColour>> = {
  Indigo: { main: '#2e3d78', second: '#f2efe6' },
  Brown: { main: '#6b4a2f', second: '#e9dcc4' },
  Red: { main: '#b3302a', second: '#f3e6dc' },
  Pink: { main: '#e08aa0', second: '#fbeef0' },
  Green: { main: '#3c7448', second: '#e6efe2' },
  Teal: { main: '#1d7573', second: '#e3f0ee' },
  Black: { main: '#2a2a2e', second: '#8a8a8e' },
  White: { main: '#f3f1ec', second: '#c9c4b8' },
  Mustard: { main: '#d2a02c', second: '#f4e6bd' },
  Olive: { main: '#6c7638', second: '#dfe3c8' },
  Rust: { main: '#a44d29', second: '#f0d9c9' },
  Tan: { main: '#c08a55', second: '#7a5232' },
  Chocolate: { main: '#573826', second: '#c8a27e' },
  'Olive Suede': { main: '#77774a', second: '#c9c7a2' },
  Charcoal: { main: '#3c3e43', second: '#8d8f94' },
  Oatmeal: { main: '#d8cbaf', second: '#a8977a' },
  Navy: { main: '#22305a', second: '#c9cfdf' },
  Stripe: { main: '#22305a', second: '#e2d6bb' },
  Khaki: { main: '#b3a277', second: '#857650' },
  'Shweshwe Lined': { main: '#c9b98f', second: '#2e3d78' },
  Ochre: { main: '#c98a2a', second: '#2a2a2e' },
  'Sunset Red': { main: '#c4442f', second: '#f0c25a' },
  Emerald: { main: '#1d7554', second: '#f2efe6' },
  Monochrome: { main: '#2a2a2a', second: '#f3f1ec' },
  'Dusty Pink': { main: '#d6a0a0', second: '#f4e3e0' },
  'Karoo Sand': { main: '#d4b787', second: '#a58558' },
  Forest: { main: '#2f5a3a', second: '#a8c2a0' },
  Blue: { main: '#2d5d9f', second: '#f2efe6' },
  Celadon: { main: '#a5c7ae', second: '#e9f1ea' },
  Oxblood: { main: '#6b1e22', second: '#b8524f' },
  'Matte White': { main: '#ebe9e3', second: '#c9c4b8' },
  'Karoo Clay': { main: '#b5714a', second: '#e7c2a3' },
  'Ocean Blue': { main: '#286d98', second: '#bfe0ee' },
  'White & Blue Rim': { main: '#f3f1ec', second: '#2d4d8a' },
  'Cream & Green Rim': { main: '#eee4cc', second: '#3c6a45' },
  'Speckled Black': { main: '#2a2a2e', second: '#f3f1ec' },
  'White & Blue': { main: '#f3f1ec', second: '#2d4d8a' },
  'Speckled Grey': { main: '#8a8c90', second: '#f3f1ec' },
  Natural: { main: '#d6c08f', second: '#a88f5c' },
  'Black & Natural': { main: '#2a2a2e', second: '#d6c08f' },
  'Gold Leaf': { main: '#c9a03a', second: '#5a3a1a' },
  'Blue Geometric': { main: '#2d5d9f', second: '#f0c25a' },
  'Black & Red': { main: '#2a2a2e', second: '#b3302a' },
  'Green Fern': { main: '#3c7448', second: '#d8e6c4' },
  'Sunrise Stripe': { main: '#e0893a', second: '#f4d35e' },
  'Ocean Stripe': { main: '#286d98', second: '#e8f1f2' },
  Bushveld: { main: '#87784a', second: '#c9a35a' },
  Sunset: { main: '#c4552f', second: '#7a2a4a' },
  'Maize Pattern': { main: '#c9a03a', second: '#2f5a3a' },
  'Crown Pattern': { main: '#7a2638', second: '#e0b24a' },
  'Heritage Stripe': { main: '#2f5a3a', second: '#c4442f' },
  'Graphite & Ochre': { main: '#4a4644', second: '#c98a2a' },
  'Red Ochre': { main: '#9c3f27', second: '#e0a070' },
  'Black Burnished': { main: '#232325', second: '#6a6a6e' },
  'Stainless Steel': { main: '#b9bdc2', second: '#6d7278' },
  'Wild Olive Handle': { main: '#b9bdc2', second: '#8a6238' },
  Bamboo: { main: '#d8b878', second: '#a8874a' },
  'Wooden Handle': { main: '#b9bdc2', second: '#8a6238' },
  'Canvas & Teak': { main: '#d9ccb0', second: '#8a5a32' },
  'Leather & Oak': { main: '#6b4a2f', second: '#c49a62' },
  'Green Canvas': { main: '#3c6448', second: '#a57a4a' },
}

/** Names that are two colours (a rim, a stripe, a pattern, "X & Y"): their swatch shows both. */
const MIXED = /&|Stripe|Pattern|Speckled|Geometric|Lined|Handle|Fern|Monochrome|Leaf/

/** True for an option that picks a colour ("Colour", "Color"): its values may be shown as swatches. */
export function isColourOption(name: string): boolean {
  return /^colou?r$/i.test(name.trim())
}

/**
 * The swatch of a colour name: the CSS colours of its chip (one, or two split diagonally), or null
 * for a name the table does not know (the value is then shown as a text pill).
 */
export function swatchOf(name: string): { main: string; second: string } | null {
  const colour = Object.hasOwn(NAMED_COLOURS, name) ? NAMED_COLOURS[name] : undefined
  if (!colour) return null
  return { main: colour.main, second: MIXED.test(name) ? colour.second : colour.main }
}
