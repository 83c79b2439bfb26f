/** What a product picture draws (./product-svg.server.ts). */
export type Drawing =
  | 'jar'
  | 'pouch'
  | 'bottle'
  | 'tin'
  | 'cushion'
  | 'beads'
  | 'book'
  | 'apron'
  | 'shirt'
  | 'basket'
  | 'bowl'
  | 'candle'
  | 'pot'
  | 'blanket'
  | 'tube'

/**
 * What the product pictures draw for each category the shop sells: the base hues (0-360) the
 * pictures are coloured in, the drawing for each kind of product (found by name: the longest kind
 * name the product's name contains), and the drawing for anything else in the category.
 * The demo seed names its products after these kinds (app/lib/seed/catalogue-data.ts).
 */
export type PictureCategory = {
  slug: string
  hues: readonly number[]
  fallback: Drawing
  kinds: readonly (readonly [name: string, drawing: Drawing])[]
}

export const PICTURE_CATEGORIES: readonly PictureCategory[] = [
  {
    slug: 'pantry',
    hues: [18, 32, 8, 45],
    fallback: 'jar',
    kinds: [
      ['Cape Malay Curry Masala', 'jar'],
      ['Biltong Spice', 'pouch'],
      ['Karoo Lamb Rub', 'jar'],
      ['Chakalaka Relish', 'jar'],
      ['Buttermilk Rusks', 'tin'],
      ['Fynbos Honey', 'jar'],
      ['Peri-Peri Sauce', 'bottle'],
      ['Apricot Chutney', 'jar'],
      ['Boerewors Spice', 'pouch'],
      ['Cape Chutney Gift Set', 'jar'],
      ['Durban Masala', 'jar'],
    ],
  },
  {
    slug: 'tea-coffee',
    hues: [10, 28, 140, 350],
    fallback: 'tin',
    kinds: [
      ['Rooibos Loose-Leaf Tea', 'tin'],
      ['Honeybush Tea', 'tin'],
      ['Rooibos Chai', 'pouch'],
      ['Rooibos Tea Bags', 'tin'],
      ['Buchu Herbal Tea', 'tin'],
      ['Coffee Beans', 'pouch'],
      ['Ground Filter Coffee', 'pouch'],
      ['Rooibos Espresso Capsules', 'tin'],
      ['Tea Gift Tin', 'tin'],
    ],
  },
  {
    slug: 'homeware',
    hues: [200, 48, 4, 275, 160],
    fallback: 'cushion',
    kinds: [
      ['Ndebele-Pattern Cushion Cover', 'cushion'],
      ['Mohair Throw', 'blanket'],
      ['Shweshwe Table Runner', 'blanket'],
      ['Enamel Mug', 'bowl'],
      ['Hand-Thrown Ceramic Bowl', 'bowl'],
      ['Fynbos Soy Candle', 'candle'],
      ['Wild Olive Serving Board', 'basket'],
      ['Shweshwe Tea Towel Set', 'blanket'],
      ['Woven Placemats', 'basket'],
      ['Karoo Landscape Print', 'book'],
    ],
  },
  {
    slug: 'crafts',
    hues: [350, 190, 50, 120, 290],
    fallback: 'beads',
    kinds: [
      ['Zulu Beadwork Necklace', 'beads'],
      ['Beaded Bracelet', 'beads'],
      ['Xhosa Beaded Collar', 'beads'],
      ['Ilala Palm Basket', 'basket'],
      ['Telephone Wire Bowl', 'bowl'],
      ['Wire & Bead Animal', 'beads'],
      ['Soapstone Carving', 'pot'],
      ['Ndebele Beaded Doll', 'beads'],
      ['Venda Clay Pot', 'pot'],
      ['Recycled Tin Toy', 'tin'],
    ],
  },
  {
    slug: 'apparel',
    hues: [220, 12, 90, 330, 40],
    fallback: 'shirt',
    kinds: [
      ['Shweshwe Apron', 'apron'],
      ['Shweshwe Wrap Skirt', 'apron'],
      ['Lekker Cotton Tee', 'shirt'],
      ['Leather Vellies', 'pouch'],
      ['Mohair Socks', 'shirt'],
      ['Kikoi Wrap', 'blanket'],
      ['Canvas Bucket Hat', 'pot'],
      ['Basotho Blanket Scarf', 'blanket'],
      ['Madiba-Style Silk Shirt', 'shirt'],
    ],
  },
  {
    slug: 'beauty',
    hues: [30, 300, 100, 170, 15],
    fallback: 'bottle',
    kinds: [
      ['Marula Body Butter', 'jar'],
      ['Rooibos Face Mist', 'bottle'],
      ['Baobab Oil', 'bottle'],
      ['Buchu Hand Cream', 'tube'],
      ['Fynbos Soap Bar', 'pouch'],
      ['Kalahari Melon Seed Oil', 'bottle'],
      ['Aloe Ferox Gel', 'tube'],
      ['Beeswax Lip Balm', 'tube'],
      ['Rose Geranium Bath Salts', 'jar'],
    ],
  },
  {
    slug: 'books',
    hues: [0, 210, 30, 150, 260, 45],
    fallback: 'book',
    kinds: [
      ['The Karoo Table', 'book'],
      ['Cape Malay Kitchen', 'book'],
      ['Boerekos: Ouma se Resepte', 'book'],
      ['The Braai Handbook', 'book'],
      ['Veld Flowers of the Western Cape', 'book'],
      ['Stories from the Drakensberg', 'book'],
      ['Kinderrympies en Liedjies', 'book'],
      ['Rusks & Rooibos: A Baking Book', 'book'],
      ['A Short History of the Karoo', 'book'],
      ['Everyday isiXhosa Phrasebook', 'book'],
    ],
  },
  {
    slug: 'braai',
    hues: [20, 0, 35, 200],
    fallback: 'pot',
    kinds: [
      ['Cast-Iron Potjie Pot', 'pot'],
      ['Braai Tongs', 'apron'],
      ['Hinged Braai Grid', 'basket'],
      ['Leather Braai Apron', 'apron'],
      ['Sosatie Skewers', 'tin'],
      ['Potbrood Tin', 'tin'],
      ['Camp Enamel Plate Set', 'bowl'],
      ['Fireside Folding Chair', 'blanket'],
      ['Braai Salt', 'jar'],
    ],
  },
]
