/** What a product picture draws (./product-svg.server.ts): the object a photographer would shoot. */
export type Drawing =
  | 'jar'
  | 'gift-jars'
  | 'pouch'
  | 'sauce-bottle'
  | 'dropper-bottle'
  | 'spray-bottle'
  | 'tin'
  | 'box'
  | 'mug'
  | 'bowl'
  | 'plates'
  | 'candle'
  | 'board'
  | 'placemats'
  | 'cushion'
  | 'folded-textile'
  | 'print'
  | 'necklace'
  | 'bracelet'
  | 'collar'
  | 'basket'
  | 'wire-bowl'
  | 'figurine'
  | 'doll'
  | 'clay-pot'
  | 'tin-toy'
  | 'apron'
  | 'skirt'
  | 'tee'
  | 'shirt'
  | 'shoes'
  | 'socks'
  | 'bucket-hat'
  | 'tube'
  | 'soap'
  | 'lip-balm'
  | 'book'
  | 'potjie'
  | 'tongs'
  | 'grid'
  | 'skewers'
  | 'chair'

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
      ['Buttermilk Rusks', 'box'],
      ['Fynbos Honey', 'jar'],
      ['Peri-Peri Sauce', 'sauce-bottle'],
      ['Apricot Chutney', 'jar'],
      ['Boerewors Spice', 'pouch'],
      ['Cape Chutney Gift Set', 'gift-jars'],
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
      ['Rooibos Tea Bags', 'box'],
      ['Buchu Herbal Tea', 'tin'],
      ['Coffee Beans', 'pouch'],
      ['Ground Filter Coffee', 'pouch'],
      ['Rooibos Espresso Capsules', 'box'],
      ['Tea Gift Tin', 'tin'],
    ],
  },
  {
    slug: 'homeware',
    hues: [200, 48, 4, 275, 160],
    fallback: 'cushion',
    kinds: [
      ['Ndebele-Pattern Cushion Cover', 'cushion'],
      ['Mohair Throw', 'folded-textile'],
      ['Shweshwe Table Runner', 'folded-textile'],
      ['Enamel Mug', 'mug'],
      ['Hand-Thrown Ceramic Bowl', 'bowl'],
      ['Fynbos Soy Candle', 'candle'],
      ['Wild Olive Serving Board', 'board'],
      ['Shweshwe Tea Towel Set', 'folded-textile'],
      ['Woven Placemats', 'placemats'],
      ['Karoo Landscape Print', 'print'],
    ],
  },
  {
    slug: 'crafts',
    hues: [350, 190, 50, 120, 290],
    fallback: 'basket',
    kinds: [
      ['Zulu Beadwork Necklace', 'necklace'],
      ['Beaded Bracelet', 'bracelet'],
      ['Xhosa Beaded Collar', 'collar'],
      ['Ilala Palm Basket', 'basket'],
      ['Telephone Wire Bowl', 'wire-bowl'],
      ['Wire & Bead Animal', 'figurine'],
      ['Soapstone Carving', 'figurine'],
      ['Ndebele Beaded Doll', 'doll'],
      ['Venda Clay Pot', 'clay-pot'],
      ['Recycled Tin Toy', 'tin-toy'],
    ],
  },
  {
    slug: 'apparel',
    hues: [220, 12, 90, 330, 40],
    fallback: 'tee',
    kinds: [
      ['Shweshwe Apron', 'apron'],
      ['Shweshwe Wrap Skirt', 'skirt'],
      ['Lekker Cotton Tee', 'tee'],
      ['Leather Vellies', 'shoes'],
      ['Mohair Socks', 'socks'],
      ['Kikoi Wrap', 'folded-textile'],
      ['Canvas Bucket Hat', 'bucket-hat'],
      ['Basotho Blanket Scarf', 'folded-textile'],
      ['Madiba-Style Silk Shirt', 'shirt'],
    ],
  },
  {
    slug: 'beauty',
    hues: [30, 300, 100, 170, 15],
    fallback: 'dropper-bottle',
    kinds: [
      ['Marula Body Butter', 'jar'],
      ['Rooibos Face Mist', 'spray-bottle'],
      ['Baobab Oil', 'dropper-bottle'],
      ['Buchu Hand Cream', 'tube'],
      ['Fynbos Soap Bar', 'soap'],
      ['Kalahari Melon Seed Oil', 'dropper-bottle'],
      ['Aloe Ferox Gel', 'tube'],
      ['Beeswax Lip Balm', 'lip-balm'],
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
    fallback: 'potjie',
    kinds: [
      ['Cast-Iron Potjie Pot', 'potjie'],
      ['Braai Tongs', 'tongs'],
      ['Hinged Braai Grid', 'grid'],
      ['Leather Braai Apron', 'apron'],
      ['Sosatie Skewers', 'skewers'],
      ['Potbrood Tin', 'potjie'],
      ['Camp Enamel Plate Set', 'plates'],
      ['Fireside Folding Chair', 'chair'],
      ['Braai Salt', 'jar'],
    ],
  },
]
