import { editable, linkHref, text } from '~/lib/content/blok-fields'
import type { Blok } from '~/lib/content/types'

import { AssetImage, assetOf } from './asset-image'
import { SmartLink } from './smart-link'

/**
 * The big opening block: a strong headline, a line of text, one call to action, and an
 * illustration beside them when the story gives one.
 */
export function Hero({ blok }: { blok: Blok }) {
  const headline = text(blok.headline)
  const body = text(blok.text)
  const eyebrow = text(blok.eyebrow)
  const ctaLabel = text(blok.cta_label)
  const ctaHref = linkHref(blok.cta_link)
  const image = assetOf(blok.image)
  return (
    <section className={image ? 'hero hero--image' : 'hero'} {...editable(blok)}>
      <div className="hero__inner container">
        <div className="hero__copy">
          {eyebrow ? <p className="hero__eyebrow">{eyebrow}</p> : null}
          {headline ? <h1 className="hero__headline">{headline}</h1> : null}
          {body ? <p className="hero__text">{body}</p> : null}
          {ctaLabel && ctaHref ? (
            <SmartLink href={ctaHref} className="hero__cta">
              {ctaLabel}
            </SmartLink>
          ) : null}
        </div>
        {/* The hero opens the page: its picture is the one to fetch first. */}
        <AssetImage value={blok.image} className="hero__image" first />
      </div>
    </section>
  )
}
