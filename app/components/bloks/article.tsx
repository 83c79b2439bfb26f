import { editable, text } from '~/lib/content/blok-fields'
import type { Blok } from '~/lib/content/types'

import { AssetImage } from './asset-image'
import { NewsDate } from './latest-news'
import { RichText } from './rich-text'

/** A news story (`article` under news/): title, date, picture when it has one, and the text. */
export function Article({ blok }: { blok: Blok }) {
  const title = text(blok.title)
  const date = text(blok.date)
  return (
    <article className="news-article container" {...editable(blok)}>
      {title ? <h1 className="news-article__title">{title}</h1> : null}
      {date ? <NewsDate value={date} /> : null}
      <AssetImage value={blok.image} className="news-article__image" first />
      <RichText doc={blok.body} className="prose" />
    </article>
  )
}
