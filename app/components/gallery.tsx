import type { KeenSliderInstance } from 'keen-slider'
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'

import type { ProductImage } from '~/lib/data/types'
import { FETCH_FIRST, IMAGE_SIZES, srcSet } from '~/lib/images/responsive'

/** keen-slider's animation length for a slide change (docs/contracts.md: 500 ms). */
const SLIDE_MS = 500

/**
 * The product page's pictures. In the HTML (and without JS) it is a horizontally scrollable strip
 * with scroll-snap, every image present, and thumbnails that are links to each picture. After
 * hydration keen-slider is loaded on demand (a separate chunk only this page requests) and adds
 * swiping, arrows, thumbnail buttons and left/right keys.
 */
export function Gallery({
  images,
  productName,
}: {
  images: readonly ProductImage[]
  productName: string
}) {
  const trackRef = useRef<HTMLDivElement>(null)
  const sliderRef = useRef<KeenSliderInstance | null>(null)
  const [current, setCurrent] = useState(0)
  const [enhanced, setEnhanced] = useState(false)
  const count = images.length

  useEffect(() => {
    if (count < 2) return
    let cancelled = false
    import('keen-slider')
      .then(({ default: KeenSlider }) => {
        const track = trackRef.current
        if (cancelled || !track) return
        // Start where the shopper had scrolled the strip before the script arrived.
        const initial = track.clientWidth ? Math.round(track.scrollLeft / track.clientWidth) : 0
        track.scrollLeft = 0
        sliderRef.current = new KeenSlider(track, {
          initial: Math.min(Math.max(initial, 0), count - 1),
          defaultAnimation: { duration: SLIDE_MS },
          selector: '.gallery__slide',
          slideChanged: (slider) => setCurrent(slider.track.details.rel),
        })
        setCurrent(sliderRef.current.track.details.rel)
        setEnhanced(true)
      })
      .catch(() => {
        // Without the slider the strip still scrolls; nothing to tell the shopper.
      })
    return () => {
      cancelled = true
      sliderRef.current?.destroy()
      sliderRef.current = null
      setEnhanced(false)
    }
  }, [count])

  if (count === 0) {
    return (
      <div className="gallery gallery--empty">
        <p>No pictures of this product yet.</p>
      </div>
    )
  }

  const goTo = (index: number) =>
    sliderRef.current?.moveToIdx(Math.min(Math.max(index, 0), count - 1))

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (!sliderRef.current) return
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      goTo(current - 1)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      goTo(current + 1)
    }
  }

  function onThumbnail(event: MouseEvent<HTMLAnchorElement>, index: number) {
    if (!sliderRef.current) return
    event.preventDefault()
    goTo(index)
  }

  return (
    <section
      className={enhanced ? 'gallery is-enhanced' : 'gallery'}
      aria-roledescription="carousel"
      aria-label={`Pictures of ${productName}`}
      data-current-slide={current + 1}
    >
      <div className="gallery__viewport">
        {/* NOTE: focusable so keyboard users can scroll the strip without JS and use the arrow keys with it. */}
        {/* eslint-disable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions */}
        <div
          ref={trackRef}
          className="gallery__track"
          role="group"
          aria-label="Pictures; use the left and right arrow keys to move between them"
          tabIndex={0}
          onKeyDown={onKeyDown}
        >
          {/* eslint-enable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions */}
          {images.map((image, i) => (
            <div
              key={image.url}
              id={`product-image-${i + 1}`}
              className="gallery__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
            >
              <img
                src={image.url}
                srcSet={srcSet(image)}
                sizes={IMAGE_SIZES.gallery}
                alt={image.alt || `${productName}, picture ${i + 1}`}
                width={image.width}
                height={image.height}
                loading={i === 0 ? 'eager' : 'lazy'}
                {...(i === 0 ? FETCH_FIRST : {})}
                decoding="async"
              />
            </div>
          ))}
        </div>
        {enhanced ? (
          <>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--prev"
              onClick={() => goTo(current - 1)}
              disabled={current === 0}
              aria-label="Previous picture"
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="gallery__arrow gallery__arrow--next"
              onClick={() => goTo(current + 1)}
              disabled={current === count - 1}
              aria-label="Next picture"
            >
              <span aria-hidden="true">›</span>
            </button>
            <p className="visually-hidden" aria-live="polite">
              Picture {current + 1} of {count}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ol className="gallery__thumbnails" aria-label="Choose a picture">
          {images.map((image, i) => (
            <li key={image.url}>
              <a
                href={`#product-image-${i + 1}`}
                className="gallery__thumbnail"
                aria-current={enhanced && i === current ? 'true' : undefined}
                aria-label={`Show picture ${i + 1} of ${count}`}
                onClick={(event) => onThumbnail(event, i)}
              >
                <img
                  src={image.url}
                  srcSet={srcSet(image)}
                  sizes={IMAGE_SIZES.thumbnail}
                  alt=""
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  )
}
