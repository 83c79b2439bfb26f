import { FETCH_FIRST } from '~/lib/images/responsive'

type Asset = { filename?: unknown; alt?: unknown }

/** An asset field's picture: its file and alt text; null when the editor left it empty. */
export function assetOf(value: unknown): { src: string; alt: string } | null {
  if (!value || typeof value !== 'object') return null
  const { filename, alt } = value as Asset
  if (typeof filename !== 'string' || !filename.trim()) return null
  return { src: filename.trim(), alt: typeof alt === 'string' ? alt.trim() : '' }
}

/**
 * The size Storyblok writes into an asset's path (`/f/123/1600x900/abc/name.jpg`, and our bundled
 * pictures under `/content/1200x900/`), so the page keeps the picture's room before it loads.
 */
export function assetSize(src: string): { width: number; height: number } | null {
  const match = /\/(\d{2,5})x(\d{2,5})\//.exec(src)
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null
}

/**
 * A Storyblok asset as a picture. `first`: the picture the page needs first (the hero), fetched
 * early; others load as they come into view.
 */
export function AssetImage({
  value,
  className,
  first = false,
}: {
  value: unknown
  className: string
  first?: boolean
}) {
  const asset = assetOf(value)
  if (!asset) return null
  return (
    <img
      className={className}
      src={asset.src}
      alt={asset.alt}
      {...assetSize(asset.src)}
      loading={first ? 'eager' : 'lazy'}
      {...(first ? FETCH_FIRST : {})}
      decoding="async"
    />
  )
}
