import type { ProductVariant } from '~/lib/data/types'

/**
 * What the demo shop's products weigh packed, for the table rates and courier quotes: the grams of
 * each size of a kind (in the order of its sizes in catalogue-data.ts) and a box in centimetres
 * that holds its largest size. Invented but plausible: contents plus jar, tin, bottle or wrapping.
 */
type Parcel = { grams: readonly number[]; box: readonly [number, number, number] }

const KIND_PARCELS: Readonly<Record<string, Parcel>> = {
  // Pantry
  'Cape Malay Curry Masala': { grams: [150, 320, 600], box: [15, 10, 6] },
  'Biltong Spice': { grams: [260, 600, 1150], box: [20, 14, 6] },
  'Karoo Lamb Rub': { grams: [170, 370], box: [15, 10, 5] },
  'Chakalaka Relish': { grams: [650, 1200], box: [12, 12, 15] },
  'Buttermilk Rusks': { grams: [620, 1200], box: [25, 15, 10] },
  'Fynbos Honey': { grams: [450, 820, 1550], box: [12, 12, 15] },
  'Peri-Peri Sauce': { grams: [480, 900], box: [10, 10, 25] },
  'Apricot Chutney': { grams: [750, 1500], box: [12, 12, 15] },
  'Boerewors Spice': { grams: [310, 1150], box: [20, 14, 6] },
  'Cape Chutney Gift Set': { grams: [2200], box: [30, 20, 15] },
  'Durban Masala': { grams: [150, 320, 600], box: [15, 10, 6] },
  // Tea & Coffee
  'Rooibos Loose-Leaf Tea': { grams: [300, 580, 1120], box: [20, 12, 8] },
  'Honeybush Tea': { grams: [140, 310], box: [18, 10, 6] },
  'Rooibos Chai': { grams: [200, 370], box: [18, 10, 6] },
  'Rooibos Tea Bags': { grams: [130, 240, 460], box: [15, 8, 8] },
  'Buchu Herbal Tea': { grams: [90, 150], box: [15, 10, 5] },
  'Coffee Beans': { grams: [300, 570, 1100], box: [22, 12, 8] },
  'Ground Filter Coffee': { grams: [300, 570], box: [22, 12, 8] },
  'Rooibos Espresso Capsules': { grams: [90, 240], box: [12, 6, 6] },
  'Tea Gift Tin': { grams: [650], box: [25, 18, 10] },
  // Homeware
  'Ndebele-Pattern Cushion Cover': { grams: [250, 380], box: [30, 25, 4] },
  'Mohair Throw': { grams: [1100, 1500], box: [40, 30, 12] },
  'Shweshwe Table Runner': { grams: [250, 320], box: [30, 20, 3] },
  'Enamel Mug': { grams: [320, 400], box: [14, 14, 12] },
  'Hand-Thrown Ceramic Bowl': { grams: [500, 900, 1800], box: [30, 30, 15] },
  'Fynbos Soy Candle': { grams: [380, 700], box: [12, 12, 12] },
  'Wild Olive Serving Board': { grams: [900, 1800], box: [50, 25, 5] },
  'Shweshwe Tea Towel Set': { grams: [180, 340], box: [25, 20, 3] },
  'Woven Placemats': { grams: [600, 880], box: [40, 30, 4] },
  'Karoo Landscape Print': { grams: [200, 350, 600], box: [65, 10, 10] },
  // Crafts
  'Zulu Beadwork Necklace': { grams: [120], box: [15, 15, 4] },
  'Beaded Bracelet': { grams: [60, 140], box: [12, 10, 3] },
  'Xhosa Beaded Collar': { grams: [250], box: [25, 25, 4] },
  'Ilala Palm Basket': { grams: [350, 600, 1000], box: [40, 40, 30] },
  'Telephone Wire Bowl': { grams: [250, 550, 950], box: [38, 38, 12] },
  'Wire & Bead Animal': { grams: [200, 450, 900], box: [30, 20, 25] },
  'Soapstone Carving': { grams: [800, 1800], box: [20, 15, 15] },
  'Ndebele Beaded Doll': { grams: [450], box: [35, 15, 12] },
  'Venda Clay Pot': { grams: [1200, 2400, 4200], box: [35, 35, 35] },
  'Recycled Tin Toy': { grams: [300], box: [25, 15, 12] },
  // Apparel
  'Shweshwe Apron': { grams: [280, 180], box: [30, 25, 3] },
  'Shweshwe Wrap Skirt': { grams: [320, 340, 360], box: [30, 25, 4] },
  'Lekker Cotton Tee': { grams: [190, 210, 230], box: [30, 25, 3] },
  'Leather Vellies': { grams: [950, 1050, 1150], box: [34, 22, 13] },
  'Mohair Socks': { grams: [110, 130], box: [20, 12, 3] },
  'Kikoi Wrap': { grams: [350], box: [30, 25, 4] },
  'Canvas Bucket Hat': { grams: [150, 170], box: [30, 30, 10] },
  'Basotho Blanket Scarf': { grams: [450], box: [30, 25, 6] },
  'Madiba-Style Silk Shirt': { grams: [280, 300, 320], box: [35, 28, 4] },
  // Beauty
  'Marula Body Butter': { grams: [200, 420], box: [10, 10, 8] },
  'Rooibos Face Mist': { grams: [180, 320], box: [6, 6, 18] },
  'Baobab Oil': { grams: [110, 150, 260], box: [5, 5, 14] },
  'Buchu Hand Cream': { grams: [100, 170], box: [6, 4, 15] },
  'Fynbos Soap Bar': { grams: [150, 420], box: [20, 10, 5] },
  'Kalahari Melon Seed Oil': { grams: [110, 260], box: [5, 5, 14] },
  'Aloe Ferox Gel': { grams: [160, 340], box: [7, 7, 18] },
  'Beeswax Lip Balm': { grams: [30, 100], box: [10, 8, 3] },
  'Rose Geranium Bath Salts': { grams: [650, 1250], box: [14, 14, 14] },
  // Books
  'The Karoo Table': { grams: [1100, 750], box: [28, 23, 4] },
  'Cape Malay Kitchen': { grams: [1000, 700], box: [28, 23, 4] },
  'Boerekos: Ouma se Resepte': { grams: [900, 650], box: [26, 20, 4] },
  'The Braai Handbook': { grams: [550, 800], box: [24, 17, 3] },
  'Veld Flowers of the Western Cape': { grams: [600, 900], box: [24, 17, 3] },
  'Stories from the Drakensberg': { grams: [400, 600], box: [22, 15, 3] },
  'Kinderrympies en Liedjies': { grams: [450, 500], box: [20, 20, 3] },
  'Rusks & Rooibos: A Baking Book': { grams: [550, 850], box: [25, 20, 3] },
  'A Short History of the Karoo': { grams: [450, 700], box: [22, 15, 3] },
  'Everyday isiXhosa Phrasebook': { grams: [180, 220], box: [16, 11, 2] },
  // Braai and outdoors
  'Cast-Iron Potjie Pot': { grams: [4500, 9500, 15500], box: [45, 45, 40] },
  'Braai Tongs': { grams: [350], box: [50, 8, 5] },
  'Hinged Braai Grid': { grams: [1600, 2200], box: [70, 40, 6] },
  'Leather Braai Apron': { grams: [900], box: [35, 30, 5] },
  'Sosatie Skewers': { grams: [250, 450], box: [40, 8, 4] },
  'Potbrood Tin': { grams: [900, 1300], box: [30, 15, 12] },
  'Camp Enamel Plate Set': { grams: [1000, 1450], box: [28, 28, 10] },
  'Fireside Folding Chair': { grams: [4200], box: [90, 20, 15] },
  'Braai Salt': { grams: [300, 570], box: [12, 8, 6] },
}

/** The packed weight and box of size `sizeIndex` of the kind named `kindName`. */
export function parcelOf(
  kindName: string,
  sizeIndex: number,
): Pick<ProductVariant, 'weightGrams' | 'lengthCm' | 'widthCm' | 'heightCm'> {
  const parcel = KIND_PARCELS[kindName]
  const grams = parcel?.grams[sizeIndex]
  if (!parcel || grams === undefined) {
    throw new RangeError(`No packed weight for size ${sizeIndex} of ${kindName} (seed/weights.ts)`)
  }
  const [lengthCm, widthCm, heightCm] = parcel.box
  return { weightGrams: grams, lengthCm, widthCm, heightCm }
}
