import { bloks, editable, text } from '~/lib/content/blok-fields'
import type { Blok } from '~/lib/content/types'

import { RichText } from './rich-text'

/** Questions and answers; each item is a native <details>, so it opens without JavaScript. */
export function FaqList({ blok }: { blok: Blok }) {
  const title = text(blok.title)
  const intro = text(blok.intro)
  return (
    <section className="faq container" {...editable(blok)}>
      {title ? <h2 className="faq__title">{title}</h2> : null}
      {intro ? <p className="faq__intro">{intro}</p> : null}
      <div className="faq__items">
        {bloks(blok.items).map((item) => (
          <FaqItem key={item._uid} blok={item} />
        ))}
      </div>
    </section>
  )
}

export function FaqItem({ blok }: { blok: Blok }) {
  const question = text(blok.question)
  if (!question) return null
  return (
    <details className="faq-item" {...editable(blok)}>
      <summary className="faq-item__question">{question}</summary>
      <RichText doc={blok.answer} className="faq-item__answer prose" />
    </details>
  )
}
