import { editable, linkHref, text } from '~/lib/content/blok-fields'
import type { Blok } from '~/lib/content/types'

import { SmartLink } from './smart-link'

/** The big opening block: a strong headline, a line of text and one call to action. */
export function Hero({ blok }: { blok: Blok }) {
  const headline = text(blok.headline)
  const body = text(blok.text)
  const eyebrow = text(blok.eyebrow)
  const ctaLabel = text(blok.cta_label)
  const ctaHref = linkHref(blok.cta_link)
  const image =
    blok.image && typeof blok.image === 'object'
      ? (blok.image as { filename?: string; alt?: string })
      : null
  return (
    <section className={image?.filename ? 'hero hero--image' : 'hero'} {...editable(blok)}>
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
        {image?.filename ? (
          <img className="hero__image" src={image.filename} alt={image.alt ?? ''} />
        ) : null}
      </div>
    </section>
  )
}
