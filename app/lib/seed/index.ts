export { CATEGORY_DEFS, type CategoryDef, type Drawing, type Kind } from './catalogue-data'
export {
  DRAWING_NOUNS,
  IMAGE_SIZE,
  IMAGE_VIEWS,
  MAX_IMAGES,
  drawingFor,
  imageAlt,
  kindFor,
  paletteFor,
  parseProductImageFile,
  productImageUrl,
  productImages,
  type ImageView,
  type Palette,
} from './images'
export {
  CATEGORIES,
  DEFAULT_PRODUCT_COUNT,
  DEFAULT_SEED,
  FEATURED_COUNT,
  MAX_PRODUCT_COUNT,
  generateProducts,
  slugify,
  type CategorySummary,
  type GenerateOptions,
} from './products'
export { Random, hashString } from './random'
export {
  MAX_REVIEWED_PRODUCTS,
  generateReviews,
  reviewedProducts,
  type ReviewSeed,
} from './reviews'
export { DEMO_USERS, reviewAuthorName, type DemoUser } from './users'
