// The carousel of the quotes blok (quotes.tsx), loaded with keen-slider after hydration: nothing
// here is in a page's first load (docs/decisions/038-less-javascript.md).
import KeenSlider, { type KeenSliderInstance, type KeenSliderPlugin } from 'keen-slider'

const ANIMATION_MS = 500
const AUTOPLAY_MS = 2000
const MIN_SWIPE_PX = 8

/** Turns the quotes' list into a carousel (keen-slider's stylesheet in first: loadStylesheet). */
export function startCarousel(list: HTMLUListElement): KeenSliderInstance {
  // keen-slider's stylesheet targets these classes; added only now so the no-JS list stays a list.
  list.classList.add('keen-slider')
  for (const slide of list.children) slide.classList.add('keen-slider__slide')
  return new KeenSlider(
    list,
    {
      loop: true,
      defaultAnimation: { duration: ANIMATION_MS },
      slides: { perView: 2, spacing: 16 },
      breakpoints: { '(max-width: 40rem)': { slides: { perView: 1, spacing: 16 } } },
    },
    [autoplay(AUTOPLAY_MS), minimumSwipe(MIN_SWIPE_PX)],
  )
}

/** Adds the stylesheet at `href` once; resolves when it is in (or failed). */
export function loadStylesheet(href: string): Promise<void> {
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
