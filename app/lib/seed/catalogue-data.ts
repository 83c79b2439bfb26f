/**
 * The demo shop's raw material: categories, the kinds of product in each, and the variants
 * (options, sizes, makers) that are combined into as many unique products as a seed asks for.
 * Everything here is invented for the demo; makers and titles are not real businesses or books.
 */

export type Size = { label: string; factor: number }

export type Kind = {
  /** Also names the kind's picture (app/lib/images/picture-categories.ts). */
  name: string
  /** Base price in whole rands for the first size. */
  rands: number
  options: readonly string[]
  sizes: readonly Size[]
  tags: readonly string[]
  blurb: string
}

export type CategoryDef = {
  slug: string
  name: string
  /** Makers or editions, used for the larger catalogues; the first variants carry none. */
  makers: readonly string[]
  /** `prefix`: "Clanwilliam Rooibos ...", `suffix`: "The Karoo Table (2nd printing)". */
  makerStyle: 'prefix' | 'suffix'
  /** How the description names the option and size axes ("Language", "Format" for books). */
  optionLabel?: string
  sizeLabel?: string
  /** Sentences about provenance and care, two of which end each description. */
  details: readonly string[]
  kinds: readonly Kind[]
}

const one: readonly Size[] = [{ label: '', factor: 1 }]
const grams = (...labels: [string, number][]): Size[] =>
  labels.map(([label, factor]) => ({ label, factor }))

export const CATEGORY_DEFS: readonly CategoryDef[] = [
  {
    slug: 'pantry',
    name: 'Pantry',
    makerStyle: 'prefix',
    makers: [
      'Bo-Kaap',
      'Prince Albert',
      'Karoo Kombuis',
      'Franschhoek',
      'Tulbagh',
      'Oudtshoorn',
      'Montagu',
      'Graaff-Reinet',
      'Durban Spice Route',
      'Philippi Farm',
      'Barrydale',
      'Riebeek',
      'Nieu-Bethesda',
      'Stellenbosch',
    ],
    details: [
      'Blended in small batches and packed by hand.',
      'No MSG, no fillers and no artificial colourants.',
      'Store in a cool, dry cupboard away from sunlight.',
      'Made with spices ground the week they are packed.',
      'A pantry staple in kitchens from Cape Town to Polokwane.',
      'Our most-gifted item every December.',
      'Proudly made in the Western Cape.',
    ],
    kinds: [
      {
        name: 'Cape Malay Curry Masala',
        rands: 65,
        options: ['Mild', 'Medium', 'Hot', 'Bo-Kaap Original'],
        sizes: grams(['100 g', 1], ['250 g', 2.1], ['500 g', 3.6]),
        tags: ['spice', 'curry', 'cape malay'],
        blurb:
          'A fragrant Cape Malay masala of coriander, cumin, fennel, cinnamon and cardamom for bredies, bobotie and Friday-night curry.',
      },
      {
        name: 'Biltong Spice',
        rands: 55,
        options: ['Traditional', 'Chilli Bite', 'Black Pepper', 'Peri-Peri', 'Coriander Heavy'],
        sizes: grams(['200 g', 1], ['500 g', 2.2], ['1 kg', 3.8]),
        tags: ['spice', 'biltong', 'braai'],
        blurb:
          'Roasted coarse coriander, black pepper, salt and brown sugar: everything a home biltong maker needs for a proper batch of silverside.',
      },
      {
        name: 'Karoo Lamb Rub',
        rands: 69,
        options: ['Rosemary & Garlic', 'Wild Thyme', 'Smoked Paprika', 'Lemon Pepper'],
        sizes: grams(['120 g', 1], ['300 g', 2.2]),
        tags: ['spice', 'lamb', 'braai', 'karoo'],
        blurb:
          'A rub made for Karoo lamb chops on the braai: herbs from the veld, coarse salt and a little heat.',
      },
      {
        name: 'Chakalaka Relish',
        rands: 49,
        options: ['Mild', 'Hot', 'Extra Hot', 'With Baked Beans'],
        sizes: grams(['400 g', 1], ['780 g', 1.7]),
        tags: ['relish', 'chakalaka', 'vegan'],
        blurb:
          'Carrots, peppers, onions and chilli cooked down into the relish that belongs next to pap and wors.',
      },
      {
        name: 'Buttermilk Rusks',
        rands: 85,
        options: ['Plain', 'Aniseed', 'Muesli', 'Condensed Milk', 'Wholewheat & Raisin'],
        sizes: grams(['500 g', 1], ['1 kg', 1.8]),
        tags: ['rusks', 'baking', 'breakfast'],
        blurb:
          'Twice-baked buttermilk rusks, dry and crunchy, made for dunking in coffee or rooibos on a cold morning.',
      },
      {
        name: 'Fynbos Honey',
        rands: 95,
        options: ['Raw', 'Creamed', 'Honeycomb Chunk', 'Buchu Infused'],
        sizes: grams(['250 g', 1], ['500 g', 1.8], ['1 kg', 3.2]),
        tags: ['honey', 'fynbos', 'raw'],
        blurb:
          'Honey gathered from hives in the fynbos of the Overberg, unheated and unfiltered beyond a coarse sieve.',
      },
      {
        name: 'Peri-Peri Sauce',
        rands: 59,
        options: ['Lemon & Herb', 'Hot', 'Xtra Hot', 'Garlic', 'Smoky'],
        sizes: grams(['250 ml', 1], ['500 ml', 1.7]),
        tags: ['sauce', 'chilli', 'peri-peri'],
        blurb:
          'African bird’s eye chilli, garlic, lemon and vinegar: a bright sauce for chicken, prawns and slap chips.',
      },
      {
        name: 'Apricot Chutney',
        rands: 52,
        options: ['Original', 'Hot', 'Peach & Apricot', 'Mango'],
        sizes: grams(['470 g', 1], ['1 kg', 1.8]),
        tags: ['chutney', 'condiment'],
        blurb:
          'A sweet-sour fruit chutney in the old Cape style, for bobotie, cheese boards and the braai.',
      },
      {
        name: 'Boerewors Spice',
        rands: 48,
        options: ['Traditional', 'Garlic', 'Chilli', 'Coriander & Clove'],
        sizes: grams(['250 g', 1], ['1 kg', 3.1]),
        tags: ['spice', 'boerewors', 'braai'],
        blurb:
          'The spice for making your own boerewors: roasted coriander, clove, nutmeg and allspice, measured for 5 kg of meat per 250 g.',
      },
      {
        name: 'Cape Chutney Gift Set',
        rands: 189,
        options: ['Three Jars', 'Five Jars'],
        sizes: one,
        tags: ['chutney', 'gift'],
        blurb:
          'Our favourite chutneys boxed together, ready to take to a bring-and-braai or post to family overseas.',
      },
      {
        name: 'Durban Masala',
        rands: 62,
        options: ['Mother-in-Law', 'Kashmiri Red', 'Bunny Chow Blend', 'Mild Leaf'],
        sizes: grams(['100 g', 1], ['250 g', 2.1], ['500 g', 3.6]),
        tags: ['spice', 'curry', 'durban'],
        blurb: 'The fiery red masala of Durban’s Grey Street, for mutton curry and bunny chow.',
      },
    ],
  },
  {
    slug: 'tea-coffee',
    name: 'Tea & Coffee',
    makerStyle: 'prefix',
    makers: [
      'Clanwilliam',
      'Cederberg',
      'Wupperthal',
      'Nieuwoudtville',
      'Langkloof',
      'Kouga',
      'Haenertsburg',
      'Hogsback',
      'Sabie',
      'Woodstock Roastery',
      'Muizenberg Roasters',
      'Maboneng',
      'Greyton',
      'Paternoster',
    ],
    details: [
      'Naturally caffeine-free and rich in antioxidants.',
      'Grown on family farms and packed in a resealable tin.',
      'Brew for five minutes, or longer: it never turns bitter.',
      'Rainforest-friendly and fairly traded.',
      'Roasted in small batches the week it ships.',
      'A cup of home for South Africans abroad.',
    ],
    kinds: [
      {
        name: 'Rooibos Loose-Leaf Tea',
        rands: 79,
        options: ['Classic', 'Green Rooibos', 'Vanilla', 'Honey', 'Organic'],
        sizes: grams(['250 g', 1], ['500 g', 1.8], ['1 kg', 3.1]),
        tags: ['rooibos', 'tea', 'caffeine-free'],
        blurb:
          'Long-cut rooibos from the Cederberg, oxidised to a deep red and sun-dried: sweet, woody and naturally caffeine-free.',
      },
      {
        name: 'Honeybush Tea',
        rands: 89,
        options: ['Classic', 'Wild-Harvested', 'Lemon', 'Rose Geranium'],
        sizes: grams(['100 g', 1], ['250 g', 2.1]),
        tags: ['honeybush', 'tea', 'caffeine-free'],
        blurb:
          'Honeybush from the mountains of the Langkloof: lighter and sweeter than rooibos, with a scent of honey and apricot.',
      },
      {
        name: 'Rooibos Chai',
        rands: 85,
        options: ['Masala', 'Vanilla Spice', 'Ginger', 'Chocolate'],
        sizes: grams(['150 g', 1], ['300 g', 1.8]),
        tags: ['rooibos', 'chai', 'tea'],
        blurb:
          'Rooibos blended with cardamom, ginger, cinnamon and clove: simmer it in milk for a caffeine-free chai.',
      },
      {
        name: 'Rooibos Tea Bags',
        rands: 45,
        options: ['Original', 'Earl Grey Style', 'Buchu & Mint', 'Red Cappuccino'],
        sizes: grams(['40 bags', 1], ['80 bags', 1.7], ['160 bags', 3]),
        tags: ['rooibos', 'tea', 'tea bags'],
        blurb:
          'Unbleached tea bags of full-strength rooibos, the everyday cup of a South African kitchen.',
      },
      {
        name: 'Buchu Herbal Tea',
        rands: 95,
        options: ['Pure Buchu', 'Buchu & Rooibos', 'Buchu & Lemongrass'],
        sizes: grams(['50 g', 1], ['100 g', 1.8]),
        tags: ['buchu', 'herbal', 'tea'],
        blurb:
          'Leaves of the Cape buchu plant, long used as a tonic: a minty, blackcurrant-scented tisane.',
      },
      {
        name: 'Coffee Beans',
        rands: 145,
        options: [
          'Espresso Roast',
          'Medium Roast',
          'Dark Roast',
          'Decaf',
          'Single Origin Ethiopia',
        ],
        sizes: grams(['250 g', 1], ['500 g', 1.8], ['1 kg', 3.3]),
        tags: ['coffee', 'beans'],
        blurb: 'Speciality beans roasted in Cape Town for plunger, moka pot or espresso machine.',
      },
      {
        name: 'Ground Filter Coffee',
        rands: 119,
        options: ['Plunger Grind', 'Filter Grind', 'Moka Grind', 'Chicory Blend'],
        sizes: grams(['250 g', 1], ['500 g', 1.8]),
        tags: ['coffee', 'ground'],
        blurb: 'Freshly roasted coffee, ground to order for the way you brew it at home.',
      },
      {
        name: 'Rooibos Espresso Capsules',
        rands: 89,
        options: ['Original', 'Vanilla', 'Caramel'],
        sizes: grams(['10 capsules', 1], ['30 capsules', 2.6]),
        tags: ['rooibos', 'capsules', 'red espresso'],
        blurb:
          'Finely ground rooibos in compostable capsules for a caffeine-free red espresso or red cappuccino.',
      },
      {
        name: 'Tea Gift Tin',
        rands: 249,
        options: ['Cape Favourites', 'Bedtime Blends', 'Fynbos Discovery'],
        sizes: one,
        tags: ['tea', 'gift', 'rooibos', 'honeybush'],
        blurb: 'Four of our best loose-leaf teas in one printed gift tin, with a tasting card.',
      },
    ],
  },
  {
    slug: 'homeware',
    name: 'Homeware',
    makerStyle: 'suffix',
    makers: [
      'Studio Ndebele',
      'Woodstock Weavers',
      'Kommetjie Clay',
      'Karoo Mohair Mill',
      'Hout Bay Pottery',
      'Soweto Textiles',
      'Knysna Woodworks',
      'Makhanda Studio',
      'Durban Loom',
      'Bethlehem Candle Co.',
      'Elgin Ceramics',
      'Darling Linen',
      'Parys Workshop',
      'Kalk Bay Makers',
    ],
    details: [
      'Made by hand, so no two are exactly alike.',
      'Cotton and natural fibres, dyed with colourfast dyes.',
      'Machine-wash cold and dry in the shade.',
      'Designed and made in South Africa.',
      'Wrapped in brown paper and string, ready to give.',
      'Every purchase supports the makers’ cooperative directly.',
    ],
    kinds: [
      {
        name: 'Ndebele-Pattern Cushion Cover',
        rands: 349,
        options: ['Ochre', 'Indigo', 'Sunset Red', 'Emerald', 'Monochrome'],
        sizes: grams(['45 x 45 cm', 1], ['60 x 60 cm', 1.35]),
        tags: ['cushion', 'ndebele', 'geometric'],
        blurb:
          'Bold Ndebele-inspired geometry screen-printed on heavy cotton canvas, with a concealed zip.',
      },
      {
        name: 'Mohair Throw',
        rands: 1450,
        options: ['Oatmeal', 'Charcoal', 'Dusty Pink', 'Karoo Sand', 'Forest'],
        sizes: grams(['130 x 180 cm', 1], ['150 x 220 cm', 1.3]),
        tags: ['mohair', 'throw', 'karoo'],
        blurb: 'Brushed Karoo mohair, woven in the Eastern Cape: light, warm and lustrous.',
      },
      {
        name: 'Shweshwe Table Runner',
        rands: 289,
        options: ['Blue', 'Brown', 'Red', 'Green'],
        sizes: grams(['180 cm', 1], ['240 cm', 1.25]),
        tags: ['shweshwe', 'table', 'linen'],
        blurb:
          'A table runner in genuine shweshwe print, the indigo-dyed cotton of South African celebrations.',
      },
      {
        name: 'Enamel Mug',
        rands: 89,
        options: ['White & Blue Rim', 'Cream & Green Rim', 'Speckled Black', 'Red'],
        sizes: grams(['350 ml', 1], ['500 ml', 1.2]),
        tags: ['enamel', 'mug', 'camping'],
        blurb: 'The classic enamel mug of farm kitchens and camping trips, rolled rim and all.',
      },
      {
        name: 'Hand-Thrown Ceramic Bowl',
        rands: 260,
        options: ['Celadon', 'Oxblood', 'Matte White', 'Karoo Clay', 'Ocean Blue'],
        sizes: grams(['Small', 1], ['Medium', 1.5], ['Serving', 2.4]),
        tags: ['ceramic', 'bowl', 'handmade'],
        blurb: 'Stoneware thrown on the wheel and glazed by hand; dishwasher- and oven-safe.',
      },
      {
        name: 'Fynbos Soy Candle',
        rands: 185,
        options: [
          'Buchu & Lemon',
          'Rooibos & Vanilla',
          'Wild Rosemary',
          'Sea Salt & Kelp',
          'Fig Leaf',
        ],
        sizes: grams(['200 g', 1], ['400 g', 1.7]),
        tags: ['candle', 'fynbos', 'soy'],
        blurb:
          'Soy wax candle with a cotton wick, scented with oils distilled from Cape fynbos. Burns for about forty hours.',
      },
      {
        name: 'Wild Olive Serving Board',
        rands: 520,
        options: ['Round', 'Paddle', 'Long Platter'],
        sizes: grams(['Small', 1], ['Large', 1.6]),
        tags: ['wood', 'serving', 'board'],
        blurb:
          'Cut from fallen wild olive wood and finished with food-safe oil; every grain is its own.',
      },
      {
        name: 'Shweshwe Tea Towel Set',
        rands: 159,
        options: ['Indigo', 'Chocolate', 'Mixed'],
        sizes: grams(['Set of 2', 1], ['Set of 4', 1.8]),
        tags: ['shweshwe', 'kitchen', 'linen'],
        blurb: 'Absorbent cotton tea towels with a band of shweshwe print along each hem.',
      },
      {
        name: 'Woven Placemats',
        rands: 299,
        options: ['Natural', 'Black & Natural', 'Ochre'],
        sizes: grams(['Set of 4', 1], ['Set of 6', 1.45]),
        tags: ['placemats', 'woven', 'table'],
        blurb: 'Round placemats woven from ilala palm and sisal in KwaZulu-Natal.',
      },
      {
        name: 'Karoo Landscape Print',
        rands: 450,
        options: ['Koppie at Dusk', 'Windpomp', 'Farm Road', 'Quiver Tree'],
        sizes: grams(['A4', 1], ['A3', 1.5], ['A2', 2.4]),
        tags: ['art', 'print', 'karoo'],
        blurb:
          'A giclée print on cotton rag paper of a painting of the Great Karoo, signed by the artist.',
      },
    ],
  },
  {
    slug: 'crafts',
    name: 'Crafts',
    makerStyle: 'suffix',
    makers: [
      'Msinga Beadworkers',
      'Hlabisa Weavers',
      'Khayelitsha Wire Art',
      'Venda Potters',
      'Mthatha Collective',
      'Eshowe Crafters',
      'Tembisa Makers',
      'Mapungubwe Studio',
      'Nongoma Women’s Group',
      'Tsonga Textiles',
      'Pedi Pottery',
      'Matatiele Weavers',
      'Umlazi Beads',
      'Ga-Rankuwa Guild',
    ],
    details: [
      'Handmade by a named artisan, who receives the full maker’s price.',
      'Each piece is unique; colours vary a little from the photographs.',
      'Comes with a card telling the maker’s story.',
      'Made from glass beads, wire and natural fibres.',
      'Wipe clean with a dry cloth.',
      'Fairly traded through a rural craft cooperative.',
    ],
    kinds: [
      {
        name: 'Zulu Beadwork Necklace',
        rands: 380,
        options: ['Love Letter', 'Rainbow', 'Black & White', 'Blue Diamond', 'Wedding Colours'],
        sizes: one,
        tags: ['beadwork', 'zulu', 'necklace', 'jewellery'],
        blurb:
          'A flat-woven beadwork necklace in the isiZulu tradition, where each colour carries a meaning.',
      },
      {
        name: 'Beaded Bracelet',
        rands: 95,
        options: ['Flag Colours', 'Ndebele Stripes', 'Turquoise', 'Red & Gold', 'Monochrome'],
        sizes: grams(['Single', 1], ['Stack of 3', 2.4]),
        tags: ['beadwork', 'bracelet', 'jewellery'],
        blurb: 'A slim bracelet of glass seed beads on strong thread, with a brass clasp.',
      },
      {
        name: 'Xhosa Beaded Collar',
        rands: 690,
        options: ['White & Turquoise', 'Red & White', 'Blue & White'],
        sizes: one,
        tags: ['beadwork', 'xhosa', 'collar', 'jewellery'],
        blurb: 'A broad beaded collar in amaXhosa style, worked bead by bead over several days.',
      },
      {
        name: 'Ilala Palm Basket',
        rands: 420,
        options: ['Natural', 'Zigzag', 'Lightning', 'Star', 'Triangles'],
        sizes: grams(['Small', 1], ['Medium', 1.7], ['Large', 2.6]),
        tags: ['basket', 'ilala', 'woven', 'zulu'],
        blurb:
          'Coiled and woven from ilala palm, dyed with roots and bark: tight enough to hold water.',
      },
      {
        name: 'Telephone Wire Bowl',
        rands: 340,
        options: ['Rainbow Spiral', 'Blue Sea', 'Earth Tones', 'Black & Yellow'],
        sizes: grams(['15 cm', 1], ['25 cm', 1.9], ['35 cm', 3]),
        tags: ['wire', 'bowl', 'imbenge'],
        blurb: 'Coloured telephone wire woven over a frame into a bright imbenge bowl.',
      },
      {
        name: 'Wire & Bead Animal',
        rands: 165,
        options: ['Elephant', 'Giraffe', 'Rhino', 'Guinea Fowl', 'Chameleon'],
        sizes: grams(['Small', 1], ['Medium', 1.8], ['Large', 3.2]),
        tags: ['wire', 'beadwork', 'animal', 'decor'],
        blurb:
          'A beaded animal on a wire frame, made in Khayelitsha and sturdy enough for a shelf or a garden.',
      },
      {
        name: 'Soapstone Carving',
        rands: 280,
        options: ['Hippo', 'Bird', 'Mother & Child', 'Abstract Form'],
        sizes: grams(['Small', 1], ['Medium', 2.1]),
        tags: ['soapstone', 'carving', 'decor'],
        blurb: 'Carved and polished soapstone, smooth and heavy in the hand.',
      },
      {
        name: 'Ndebele Beaded Doll',
        rands: 310,
        options: ['Bride', 'Mother', 'Girl', 'Elder'],
        sizes: one,
        tags: ['ndebele', 'doll', 'beadwork'],
        blurb: 'A traditional Ndebele doll dressed in beaded rings and a woven blanket.',
      },
      {
        name: 'Venda Clay Pot',
        rands: 390,
        options: ['Graphite & Ochre', 'Red Ochre', 'Black Burnished'],
        sizes: grams(['Small', 1], ['Medium', 1.7], ['Large', 2.6]),
        tags: ['pottery', 'venda', 'clay'],
        blurb: 'Hand-coiled Venda pottery, burnished with graphite and painted in geometric bands.',
      },
      {
        name: 'Recycled Tin Toy',
        rands: 120,
        options: ['Bicycle', 'Bakkie', 'Aeroplane', 'Minibus Taxi'],
        sizes: one,
        tags: ['toy', 'recycled', 'tin'],
        blurb:
          'A wind-up-free street toy made from recycled cooldrink cans and wire, with rolling wheels.',
      },
    ],
  },
  {
    slug: 'apparel',
    name: 'Apparel',
    makerStyle: 'suffix',
    makers: [
      'Maboneng Tailors',
      'Salt River Studio',
      'Bloemfontein Mill',
      'Mpumalanga Threads',
      'Pietermaritzburg Leather',
      'Gqeberha Cut & Sew',
      'Langa Design',
      'Alexandra Stitch',
      'Braamfontein Atelier',
      'Kimberley Cotton',
      'East London Knits',
      'Nelspruit Makers',
      'Worcester Workshop',
      'Upington Studio',
    ],
    details: [
      'Cut and sewn in Cape Town.',
      'Pre-washed, so it keeps its size.',
      'Wash cold with like colours; do not tumble dry.',
      '100% cotton unless stated otherwise.',
      'Sizes run true; see the size guide for measurements.',
      'Made in a small workshop that pays a living wage.',
    ],
    kinds: [
      {
        name: 'Shweshwe Apron',
        rands: 299,
        options: ['Indigo', 'Brown', 'Red', 'Pink', 'Green'],
        sizes: grams(['Adult', 1], ['Child', 0.7]),
        tags: ['shweshwe', 'apron', 'kitchen'],
        blurb: 'A full-length apron in shweshwe cotton with a deep front pocket and long ties.',
      },
      {
        name: 'Shweshwe Wrap Skirt',
        rands: 549,
        options: ['Indigo', 'Brown', 'Red', 'Teal'],
        sizes: grams(['Size S', 1], ['Size M', 1], ['Size L', 1]),
        tags: ['shweshwe', 'skirt'],
        blurb:
          'A midi wrap skirt in crisp shweshwe cotton that softens beautifully with every wash.',
      },
      {
        name: 'Lekker Cotton Tee',
        rands: 249,
        options: ['Black', 'White', 'Mustard', 'Olive', 'Rust'],
        sizes: grams(['Size S', 1], ['Size M', 1], ['Size L', 1]),
        tags: ['t-shirt', 'cotton', 'slogan'],
        blurb: 'A heavyweight cotton T-shirt printed with our favourite word: lekker.',
      },
      {
        name: 'Leather Vellies',
        rands: 899,
        options: ['Tan', 'Chocolate', 'Black', 'Olive Suede'],
        sizes: grams(['Size 6', 1], ['Size 8', 1], ['Size 10', 1]),
        tags: ['shoes', 'vellies', 'leather'],
        blurb:
          'Veldskoen-style shoes in full-grain leather on a natural crepe sole, stitched by hand.',
      },
      {
        name: 'Mohair Socks',
        rands: 159,
        options: ['Charcoal', 'Oatmeal', 'Navy', 'Stripe'],
        sizes: grams(['Size 4-7', 1], ['Size 8-11', 1]),
        tags: ['socks', 'mohair', 'karoo'],
        blurb: 'Hard-wearing socks knitted from Karoo mohair, cushioned at the heel and toe.',
      },
      {
        name: 'Kikoi Wrap',
        rands: 329,
        options: ['Sunrise Stripe', 'Ocean Stripe', 'Bushveld', 'Sunset'],
        sizes: one,
        tags: ['kikoi', 'beach', 'wrap'],
        blurb:
          'A striped cotton kikoi with tasselled ends: sarong, beach towel and picnic blanket in one.',
      },
      {
        name: 'Canvas Bucket Hat',
        rands: 279,
        options: ['Khaki', 'Olive', 'Shweshwe Lined', 'Black'],
        sizes: grams(['S/M', 1], ['L/XL', 1]),
        tags: ['hat', 'sun', 'canvas'],
        blurb: 'A washed canvas bucket hat with a brim wide enough for the Highveld sun.',
      },
      {
        name: 'Basotho Blanket Scarf',
        rands: 459,
        options: ['Maize Pattern', 'Crown Pattern', 'Heritage Stripe'],
        sizes: one,
        tags: ['scarf', 'basotho', 'wool'],
        blurb: 'A soft wool-blend scarf woven with motifs from the Basotho blanket.',
      },
      {
        name: 'Madiba-Style Silk Shirt',
        rands: 1290,
        options: ['Gold Leaf', 'Blue Geometric', 'Black & Red', 'Green Fern'],
        sizes: grams(['Size M', 1], ['Size L', 1], ['Size XL', 1.05]),
        tags: ['shirt', 'silk', 'formal'],
        blurb: 'A loose, untucked printed shirt in the style made famous by Nelson Mandela.',
      },
    ],
  },
  {
    slug: 'beauty',
    name: 'Beauty',
    makerStyle: 'prefix',
    makers: [
      'Kalahari',
      'Cederberg Botanicals',
      'Kloof',
      'Swellendam',
      'Limpopo',
      'Knysna Forest',
      'Plettenberg',
      'Magaliesberg',
      'Drakensberg',
      'Namaqua',
      'Robertson',
      'Hermanus',
      'St Lucia',
      'Wild Coast',
    ],
    details: [
      'Not tested on animals; vegan unless it contains beeswax.',
      'Free of parabens, mineral oil and synthetic fragrance.',
      'Made in small batches in the Western Cape.',
      'Suitable for sensitive skin; patch-test first.',
      'In a recyclable glass or aluminium container.',
      'Wild-harvested oils bought from community cooperatives.',
    ],
    kinds: [
      {
        name: 'Marula Body Butter',
        rands: 195,
        options: ['Unscented', 'Rose Geranium', 'Vanilla', 'Buchu', 'Sweet Orange'],
        sizes: grams(['100 ml', 1], ['250 ml', 2]),
        tags: ['marula', 'body butter', 'moisturiser'],
        blurb:
          'Cold-pressed marula oil whipped with shea and cocoa butter into a rich butter for dry skin.',
      },
      {
        name: 'Rooibos Face Mist',
        rands: 165,
        options: ['Rooibos & Rose', 'Rooibos & Cucumber', 'Rooibos & Aloe'],
        sizes: grams(['100 ml', 1], ['200 ml', 1.7]),
        tags: ['rooibos', 'face mist', 'skincare'],
        blurb: 'A cooling rooibos toner to spritz over make-up or after cleansing.',
      },
      {
        name: 'Baobab Oil',
        rands: 229,
        options: ['Pure', 'With Vitamin E', 'Hair Blend'],
        sizes: grams(['30 ml', 1], ['50 ml', 1.5], ['100 ml', 2.6]),
        tags: ['baobab', 'oil', 'skincare', 'hair'],
        blurb:
          'Cold-pressed oil of baobab seeds from Limpopo: light, fast-absorbing and rich in omega fatty acids.',
      },
      {
        name: 'Buchu Hand Cream',
        rands: 119,
        options: ['Buchu & Mint', 'Buchu & Lavender', 'Unscented'],
        sizes: grams(['50 ml', 1], ['100 ml', 1.7]),
        tags: ['buchu', 'hand cream'],
        blurb: 'A non-greasy hand cream with buchu extract for gardeners’ and cooks’ hands.',
      },
      {
        name: 'Fynbos Soap Bar',
        rands: 65,
        options: ['Wild Rosemary', 'Rooibos Scrub', 'Kelp & Sea Salt', 'Honeybush', 'Charcoal'],
        sizes: grams(['120 g', 1], ['Set of 3', 2.6]),
        tags: ['soap', 'fynbos', 'cold process'],
        blurb: 'Cold-process soap made with olive, coconut and fynbos oils, cured for six weeks.',
      },
      {
        name: 'Kalahari Melon Seed Oil',
        rands: 199,
        options: ['Pure', 'Facial Serum', 'Body Blend'],
        sizes: grams(['30 ml', 1], ['100 ml', 2.5]),
        tags: ['kalahari melon', 'oil', 'skincare'],
        blurb:
          'Oil pressed from the seeds of the tsamma melon of the Kalahari: light and soothing for dry skin.',
      },
      {
        name: 'Aloe Ferox Gel',
        rands: 99,
        options: ['Pure', 'With Tea Tree', 'After-Sun'],
        sizes: grams(['100 ml', 1], ['250 ml', 1.9]),
        tags: ['aloe', 'gel', 'after-sun'],
        blurb:
          'Gel from the bitter aloe of the Eastern Cape, for sunburn, scrapes and dry patches.',
      },
      {
        name: 'Beeswax Lip Balm',
        rands: 55,
        options: ['Rooibos', 'Honey', 'Peppermint', 'Marula'],
        sizes: grams(['Single', 1], ['Set of 3', 2.6]),
        tags: ['lip balm', 'beeswax'],
        blurb: 'Beeswax, marula oil and shea butter in a recyclable tube.',
      },
      {
        name: 'Rose Geranium Bath Salts',
        rands: 145,
        options: ['Rose Geranium', 'Buchu & Eucalyptus', 'Lavender & Fynbos'],
        sizes: grams(['500 g', 1], ['1 kg', 1.7]),
        tags: ['bath', 'salts', 'aromatherapy'],
        blurb: 'West Coast sea salt and Epsom salts with essential oils for a long, slow bath.',
      },
    ],
  },
  {
    slug: 'books',
    name: 'Books',
    optionLabel: 'Language',
    sizeLabel: 'Format',
    makerStyle: 'suffix',
    makers: [
      '2nd printing',
      '3rd printing',
      'Collector’s edition',
      'Book club edition',
      'Anniversary edition',
      'Gift edition',
      'Revised edition',
      'Large print',
      'Illustrated edition',
      'Signed by the author',
      'Pocket edition',
      'Classroom edition',
      'Limited edition',
      'Deluxe edition',
    ],
    details: [
      'Printed and bound in South Africa.',
      'Full-colour photographs throughout.',
      'Published by a small independent press.',
      'Measurements in metric, with oven temperatures in °C.',
      'Wrapped in protective kraft paper for delivery.',
      'A favourite for book clubs and gifts.',
    ],
    kinds: [
      {
        name: 'The Karoo Table',
        rands: 395,
        options: ['English', 'Afrikaans'],
        sizes: grams(['Hardcover', 1.35], ['Paperback', 1]),
        tags: ['cookbook', 'karoo', 'recipes'],
        blurb:
          'A cookbook of farm food from the Great Karoo: slow lamb, pot bread, melktert and the stories behind them.',
      },
      {
        name: 'Cape Malay Kitchen',
        rands: 360,
        options: ['English', 'Afrikaans'],
        sizes: grams(['Hardcover', 1.35], ['Paperback', 1]),
        tags: ['cookbook', 'cape malay', 'recipes'],
        blurb:
          'Recipes handed down through Bo-Kaap families: bredies, koesisters, samoosas and biryani.',
      },
      {
        name: 'Boerekos: Ouma se Resepte',
        rands: 320,
        options: ['Afrikaans', 'English'],
        sizes: grams(['Hardcover', 1.35], ['Paperback', 1]),
        tags: ['cookbook', 'afrikaans', 'recipes', 'boerekos'],
        blurb:
          'Granny’s recipe book for boerekos: bobotie, tamatiebredie, souskluitjies and koeksisters.',
      },
      {
        name: 'The Braai Handbook',
        rands: 299,
        options: ['English', 'Afrikaans', 'isiZulu'],
        sizes: grams(['Paperback', 1], ['Hardcover', 1.3]),
        tags: ['braai', 'cookbook', 'recipes'],
        blurb:
          'Fire, coals and timing: everything about a proper braai, from the first match to the last sosatie.',
      },
      {
        name: 'Veld Flowers of the Western Cape',
        rands: 450,
        options: ['English', 'Afrikaans'],
        sizes: grams(['Paperback', 1], ['Hardcover', 1.3]),
        tags: ['field guide', 'fynbos', 'nature'],
        blurb:
          'A field guide to 600 wild flowers of the Cape Floral Kingdom, with paintings and maps.',
      },
      {
        name: 'Stories from the Drakensberg',
        rands: 280,
        options: ['English', 'isiZulu', 'Sesotho'],
        sizes: grams(['Paperback', 1], ['Hardcover', 1.35]),
        tags: ['stories', 'folklore', 'drakensberg'],
        blurb:
          'Folk tales retold from the mountains of uKhahlamba, for reading aloud around the fire.',
      },
      {
        name: 'Kinderrympies en Liedjies',
        rands: 189,
        options: ['Afrikaans', 'Bilingual'],
        sizes: grams(['Board book', 1], ['Hardcover', 1.4]),
        tags: ['children', 'afrikaans', 'rhymes'],
        blurb: 'Afrikaans nursery rhymes and songs, illustrated in bright colour for little ones.',
      },
      {
        name: 'Rusks & Rooibos: A Baking Book',
        rands: 340,
        options: ['English', 'Afrikaans'],
        sizes: grams(['Paperback', 1], ['Hardcover', 1.3]),
        tags: ['baking', 'cookbook', 'rusks'],
        blurb:
          'Rusks, vetkoek, melktert, koeksisters and the teatime cakes of South African home bakers.',
      },
      {
        name: 'A Short History of the Karoo',
        rands: 310,
        options: ['English', 'Afrikaans'],
        sizes: grams(['Paperback', 1], ['Hardcover', 1.3]),
        tags: ['history', 'karoo', 'non-fiction'],
        blurb:
          'Fossils, frontier towns, wool barons and windmills: the story of the great dry heart of the country.',
      },
      {
        name: 'Everyday isiXhosa Phrasebook',
        rands: 165,
        options: ['English–isiXhosa', 'Afrikaans–isiXhosa'],
        sizes: grams(['Pocket', 1], ['With audio card', 1.3]),
        tags: ['language', 'isixhosa', 'phrasebook'],
        blurb:
          'Greetings, directions, food and small talk in isiXhosa, with a guide to the clicks.',
      },
    ],
  },
  {
    slug: 'braai',
    name: 'Braai & Outdoor',
    makerStyle: 'suffix',
    makers: [
      'Vaal Foundry',
      'Boland Smithy',
      'Highveld Ironworks',
      'Kalahari Forge',
      'Magalies Metalwork',
      'Atlantis Steel',
      'Waterberg Works',
      'Lowveld Leather',
      'Tzaneen Tools',
      'Richmond Workshop',
      'Cradock Craftsmen',
      'Springbok Smithy',
      'Vredendal Works',
      'Potch Forge',
    ],
    details: [
      'Built to survive many seasons of Sunday braais.',
      'Season before first use with a little cooking oil.',
      'Made from South African steel.',
      'Hand wash; dry over the coals to prevent rust.',
      'Comes with a lifetime workmanship guarantee.',
      'Tested by our team on real fires, not gas.',
    ],
    kinds: [
      {
        name: 'Cast-Iron Potjie Pot',
        rands: 649,
        options: ['Three-Legged', 'Flat-Bottomed', 'Enamelled Lid'],
        sizes: grams(['No. 1', 1], ['No. 3', 1.6], ['No. 6', 2.5]),
        tags: ['potjie', 'cast iron', 'braai'],
        blurb:
          'The round, three-legged cast-iron pot for potjiekos: layered, lidded and left alone over the coals.',
      },
      {
        name: 'Braai Tongs',
        rands: 189,
        options: ['Stainless Steel', 'Wild Olive Handle', 'Extra Long'],
        sizes: one,
        tags: ['tongs', 'braai', 'tools'],
        blurb: 'Sprung tongs with a firm grip for turning chops and wors without piercing them.',
      },
      {
        name: 'Hinged Braai Grid',
        rands: 399,
        options: ['Standard', 'Deep', 'Fish Shaped', 'Stainless Steel'],
        sizes: grams(['Medium', 1], ['Large', 1.35]),
        tags: ['grid', 'braai', 'tools'],
        blurb: 'A hinged grid (toeklap-rooster) that turns a whole braai of meat in one go.',
      },
      {
        name: 'Leather Braai Apron',
        rands: 749,
        options: ['Tan', 'Brown', 'Black'],
        sizes: one,
        tags: ['apron', 'leather', 'braai'],
        blurb:
          'A heavy leather apron with pockets for tongs, a bottle opener and the firelighters.',
      },
      {
        name: 'Sosatie Skewers',
        rands: 129,
        options: ['Stainless Steel', 'Bamboo', 'Wooden Handle'],
        sizes: grams(['Set of 6', 1], ['Set of 12', 1.7]),
        tags: ['skewers', 'sosaties', 'braai'],
        blurb: 'Flat skewers that stop the meat spinning, for lamb and apricot sosaties.',
      },
      {
        name: 'Potbrood Tin',
        rands: 279,
        options: ['Round', 'Loaf', 'Lidded'],
        sizes: grams(['Small', 1], ['Large', 1.4]),
        tags: ['bread', 'potbrood', 'cast iron'],
        blurb: 'A heavy tin for baking pot bread in the coals, crust and all.',
      },
      {
        name: 'Camp Enamel Plate Set',
        rands: 319,
        options: ['White & Blue', 'Green', 'Speckled Grey'],
        sizes: grams(['Set of 4', 1], ['Set of 6', 1.45]),
        tags: ['enamel', 'camping', 'plates'],
        blurb: 'Lightweight enamel plates for the camping trip, the bakkie tailgate and the stoep.',
      },
      {
        name: 'Fireside Folding Chair',
        rands: 1190,
        options: ['Canvas & Teak', 'Leather & Oak', 'Green Canvas'],
        sizes: one,
        tags: ['chair', 'camping', 'outdoor'],
        blurb: 'A low folding chair at just the right height for the fire, in hard-wearing canvas.',
      },
      {
        name: 'Braai Salt',
        rands: 55,
        options: ['Rosemary', 'Smoked', 'Chilli', 'Garlic & Herb'],
        sizes: grams(['250 g', 1], ['500 g', 1.7]),
        tags: ['salt', 'seasoning', 'braai'],
        blurb:
          'Coarse salt from the Kalahari pans, flavoured for finishing meat straight off the grid.',
      },
    ],
  },
]
