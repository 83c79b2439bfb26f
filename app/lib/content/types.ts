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
