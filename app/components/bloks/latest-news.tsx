import type { NewsCard } from '~/lib/content/bloks.server'
import type { Blok } from '~/lib/content/types'
import { formatSastDate } from '~/lib/dates'

import { editable, text } from './fields'

/** The newest articles under news/, newest first; the loader fetched them (see bloks.server.ts). */
export function LatestNews({ blok }: { blok: Blok }) {
  const title = text(blok.title) || 'Latest news'
  const articles = Array.isArray(blok.articles) ? (blok.articles as NewsCard[]) : []
  if (articles.length === 0) return null
  const headingId = `news-${blok._uid}`
  return (
    <section className="latest-news container" aria-labelledby={headingId} {...editable(blok)}>
      <h2 id={headingId} className="section-title">
        {title}
      </h2>
      <ul className="news-grid">
        {articles.map((article) => (
          <li key={article.uuid}>
            <article className="news-card">
              {article.image ? (
                <img
                  className="news-card__image"
                  src={article.image.src}
                  alt={article.image.alt}
                  loading="lazy"
                />
              ) : (
                <div
                  className="news-card__image news-card__image--placeholder"
                  aria-hidden="true"
                />
              )}
              <div className="news-card__body">
                <h3 className="news-card__title">{article.title}</h3>
                {article.date ? <NewsDate value={article.date} /> : null}
                {article.teaser ? <p className="news-card__teaser">{article.teaser}</p> : null}
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  )
}

function NewsDate({ value }: { value: string }) {
  // Storyblok's date fields read "2024-05-02 09:00" in UTC; parse them as UTC so server and
  // browser agree on the day whatever their time zones.
  const date = new Date(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(value) ? `${value.replace(' ', 'T')}:00Z` : value,
  )
  if (Number.isNaN(date.getTime())) return null
  return (
    <time className="news-card__date" dateTime={date.toISOString()}>
      {formatSastDate(date)}
    </time>
  )
}
