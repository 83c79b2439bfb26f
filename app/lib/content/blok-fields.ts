import type { Blok } from './types'

/** A text field's value, or '' when the editor left it empty or it is not text. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

/** The child bloks of a blocks field. */
export function bloks(value: unknown): Blok[] {
  return Array.isArray(value)
    ? value.filter(
        (v): v is Blok => Boolean(v) && typeof v === 'object' && typeof v._uid === 'string',
      )
    : []
}

/**
 * The attributes Storyblok's visual editor looks for to make a blok clickable. `_editable` only
 * reaches the browser for editor requests (the loader strips it otherwise), so published pages get none.
 */
export function editable(blok: Blok): Record<string, string> {
  const marker = typeof blok._editable === 'string' ? blok._editable : ''
  const json = marker.match(/^<!--#storyblok#(.*)-->$/)?.[1]
  if (!json) return {}
  try {
    const options = JSON.parse(json) as { id?: string; uid?: string }
    return { 'data-blok-c': json, 'data-blok-uid': `${options.id ?? ''}-${options.uid ?? ''}` }
  } catch {
    return {}
  }
}

/**
 * A Storyblok link field (`multilink`) or a plain string as an href. Story links point at the
 * story's path, with the `home` story at `/`. Anything but http(s), mailto, tel and paths is refused.
 */
export function linkHref(value: unknown): string | null {
  let href = ''
  if (typeof value === 'string') href = value.trim()
  else if (value && typeof value === 'object') {
    const link = value as {
      linktype?: string
      url?: string
      cached_url?: string
      email?: string
      anchor?: string
    }
    if (link.linktype === 'story') {
      const slug = text(link.cached_url).replace(/^\/+|\/+$/g, '')
      href = slug === '' || slug === 'home' ? '/' : `/${slug}`
    } else if (link.linktype === 'email') {
      href = link.email ? `mailto:${link.email}` : ''
    } else {
      href = text(link.url) || text(link.cached_url)
    }
    if (href && link.anchor) href += `#${link.anchor}`
  }
  if (!href) return null
  return isSafeHref(href) ? href : null
}

export function isSafeHref(href: string) {
  return /^(https?:|mailto:|tel:|\/(?!\/)|#)/i.test(href)
}

export function isInternal(href: string) {
  return href.startsWith('/') && !href.startsWith('//')
}
