/** A Storyblok blok: every blok has a `_uid` and a `component` name; the rest is its schema. */
export type Blok = {
  _uid: string
  component: string
  [field: string]: unknown
}

/** The shell's content, from the `layout` story: the site name and its shared bloks. */
export type Layout = {
  siteName: string
  announcement: Blok | null
  header: Blok | null
  footer: Blok | null
}

/** A story as Storyblok's CDN answers it, reduced to the fields the shop reads. */
export type Story = {
  uuid: string
  name: string
  slug: string
  full_slug: string
  published_at: string | null
  first_published_at: string | null
  content: Blok
}

/** Stories under a folder, as the CDN's `starts_with` listing. */
export type StoryQuery = {
  /** A folder prefix such as `news/`. */
  startsWith: string
  /** Storyblok's `sort_by`: `content.date:desc`, `first_published_at:desc`, `name:asc`... */
  sortBy?: string
  /** Page size; Storyblok's default and ours is 25, its maximum 100. */
  perPage?: number
  /** `component.field` pairs whose story uuids are replaced by the stories they name. */
  resolveRelations?: string[]
}

/** Where page content comes from: Storyblok's CDN, or the same JSON shipped in `content/`. */
export interface ContentSource {
  readonly kind: 'files' | 'storyblok'
  /** A story by its full slug, or null when there is none. */
  story(fullSlug: string, options?: { resolveRelations?: string[] }): Promise<Story | null>
  stories(query: StoryQuery): Promise<Story[]>
  /**
   * Looks for published changes (the Storyblok webhook and the background refresh call this);
   * true when content may have changed since the last look, so copies kept of it are out of date.
   */
  refresh(): Promise<boolean>
}
