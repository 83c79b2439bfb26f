import type { KeenSliderInstance, KeenSliderPlugin } from 'keen-slider'
import keenSliderStyles from 'keen-slider/keen-slider.min.css'
import { useEffect, useRef, useState } from 'react'

import { editable, text } from '~/lib/content/blok-fields'
import type { QuoteItem } from '~/lib/content/bloks.server'
import type { Blok } from '~/lib/content/types'

const ANIMATION_MS = 500
const AUTOPLAY_MS = 2000
const MIN_SWIPE_PX = 8

/**
 * Testimonials. The server renders a plain list, which is the whole experience without JavaScript;
 * after hydration keen-slider (and its stylesheet) is fetched on demand and turns the list into a
 * carousel, so neither sits in the entry bundle of pages without quotes.
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
    void Promise.all([import('keen-slider'), loadStylesheet(keenSliderStyles)]).then(
      ([{ default: KeenSlider }]) => {
        if (cancelled) return
        // keen-slider's stylesheet targets these classes; added only now so the no-JS list stays a list.
        list.classList.add('keen-slider')
        for (const slide of list.children) slide.classList.add('keen-slider__slide')
        sliderRef.current = new KeenSlider(
          list,
          {
            loop: true,
            defaultAnimation: { duration: ANIMATION_MS },
            slides: { perView: 2, spacing: 16 },
            breakpoints: { '(max-width: 40rem)': { slides: { perView: 1, spacing: 16 } } },
          },
          [autoplay(AUTOPLAY_MS), minimumSwipe(MIN_SWIPE_PX)],
        )
        setEnhanced(true)
      },
    )
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

function loadStylesheet(href: string): Promise<void> {
  const existing = document.querySelector<HTMLLinkElement>(
    `link[rel="stylesheet"][href="${CSS.escape(href)}"]`,
  )
  if (existing) return Promise.resolve()
  return new Promise((resolve) => {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    // A stylesheet that fails to load still leaves a working, if plainer, carousel.
    link.onload = link.onerror = () => resolve()
    document.head.append(link)
  })
}

/** Moves on every `interval` ms; pauses while hovered or focused, and never runs for reduced motion. */
function autoplay(interval: number): KeenSliderPlugin {
  return (slider) => {
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)')
    let timer: ReturnType<typeof setTimeout> | undefined
    let hovered = false
    let focused = false
    const stop = () => clearTimeout(timer)
    const schedule = () => {
      stop()
      if (hovered || focused || reducedMotion.matches) return
      timer = setTimeout(() => slider.next(), interval)
    }
    const onEnter = () => ((hovered = true), stop())
    const onLeave = () => ((hovered = false), schedule())
    const onFocusIn = () => ((focused = true), stop())
    const onFocusOut = (event: FocusEvent) => {
      if (slider.container.contains(event.relatedTarget as Node | null)) return
      focused = false
      schedule()
    }
    slider.on('created', () => {
      slider.container.addEventListener('mouseenter', onEnter)
      slider.container.addEventListener('mouseleave', onLeave)
      slider.container.addEventListener('focusin', onFocusIn)
      slider.container.addEventListener('focusout', onFocusOut)
      reducedMotion.addEventListener('change', schedule)
      schedule()
    })
    slider.on('dragStarted', stop)
    slider.on('animationEnded', schedule)
    slider.on('updated', schedule)
    slider.on('destroyed', () => {
      stop()
      slider.container.removeEventListener('mouseenter', onEnter)
      slider.container.removeEventListener('mouseleave', onLeave)
      slider.container.removeEventListener('focusin', onFocusIn)
      slider.container.removeEventListener('focusout', onFocusOut)
      reducedMotion.removeEventListener('change', schedule)
    })
  }
}

/** A drag shorter than `px` is a tap or a wobble, not a swipe: snap back to where it started. */
function minimumSwipe(px: number): KeenSliderPlugin {
  return (slider) => {
    let start: { position: number; idx: number } | null = null
    slider.on('dragStarted', () => {
      const details = slider.track.details
      start = details ? { position: details.position, idx: details.abs } : null
    })
    slider.on('dragEnded', () => {
      const details = slider.track.details
      if (start && details && Math.abs(details.position - start.position) * slider.size < px) {
        slider.moveToIdx(start.idx)
      }
      start = null
    })
  }
}
