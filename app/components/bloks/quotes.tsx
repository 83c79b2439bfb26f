import type { KeenSliderInstance } from 'keen-slider'
import keenSliderStyles from 'keen-slider/keen-slider.min.css'
import { useEffect, useRef, useState } from 'react'

import { editable, text } from '~/lib/content/blok-fields'
import type { QuoteItem } from '~/lib/content/bloks.server'
import type { Blok } from '~/lib/content/types'

/**
 * Testimonials. The server renders a plain list, which is the whole experience without JavaScript;
 * after hydration keen-slider, its stylesheet and the carousel's plugins (quotes-carousel.ts) are
 * fetched on demand and turn the list into a carousel, so none of them sits in a first load.
 */
export function Quotes({ blok }: { blok: Blok }) {
  const title = text(blok.title)
  const quotes = Array.isArray(blok.quotes) ? (blok.quotes as QuoteItem[]) : []
  const listRef = useRef<HTMLUListElement>(null)
  const sliderRef = useRef<KeenSliderInstance | null>(null)
  const [enhanced, setEnhanced] = useState(false)

  useEffect(() => {
    const list = listRef.current
    if (!list || quotes.length < 2) return
    let cancelled = false
    void import('./quotes-carousel').then(async (carousel) => {
      await carousel.loadStylesheet(keenSliderStyles)
      if (cancelled) return
      sliderRef.current = carousel.startCarousel(list)
      setEnhanced(true)
    })
    return () => {
      cancelled = true
      sliderRef.current?.destroy()
      sliderRef.current = null
      list.classList.remove('keen-slider')
      for (const slide of list.children) slide.classList.remove('keen-slider__slide')
    }
  }, [quotes.length])

  if (quotes.length === 0) return null
  const headingId = `quotes-${blok._uid}`
  return (
    <section
      className={enhanced ? 'quotes container quotes--carousel' : 'quotes container'}
      aria-labelledby={title ? headingId : undefined}
      aria-roledescription={enhanced ? 'carousel' : undefined}
      {...editable(blok)}
    >
      {title ? (
        <h2 id={headingId} className="section-title">
          {title}
        </h2>
      ) : null}
      <ul ref={listRef} className="quotes__list">
        {quotes.map((item) => (
          <li key={item.uuid} className="quote">
            <figure className="quote__figure">
              <blockquote className="quote__text">
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className="quote__author">
                {item.author}
                {item.location ? <span className="quote__location">, {item.location}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {enhanced ? (
        <div className="quotes__controls">
          <button
            type="button"
            className="quotes__button"
            onClick={() => sliderRef.current?.prev()}
          >
            <span aria-hidden="true">←</span>
            <span className="visually-hidden">Previous quote</span>
          </button>
          <button
            type="button"
            className="quotes__button"
            onClick={() => sliderRef.current?.next()}
          >
            <span aria-hidden="true">→</span>
            <span className="visually-hidden">Next quote</span>
          </button>
        </div>
      ) : null}
    </section>
  )
}
