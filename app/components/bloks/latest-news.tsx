import { editable, text } from '~/lib/content/blok-fields'
import type { NewsCard } from '~/lib/content/bloks.server'
import type { Blok } from '~/lib/content/types'
import { formatSastDate } from '~/lib/dates'

import { SmartLink } from './smart-link'

/**
 * The newest articles under news/, newest first; the loader fetched them (see bloks.server.ts).
 * Each card links to its story.
 */
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
              {/* A picture only when the story has one: no placeholder standing in for it. */}
              {article.image ? (
                <img
                  className="news-card__image"
                  src={article.image.src}
                  alt={article.image.alt}
                  loading="lazy"
                />
              ) : null}
              <div className="news-card__body">
                <h3 className="news-card__title">
                  {/* The link covers the whole card (news-card__link::after in content.css). */}
                  <SmartLink href={article.href} className="news-card__link">
                    {article.title}
                  </SmartLink>
                </h3>
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

/** A news date, as the day in South Africa. */
export function NewsDate({ value }: { value: string }) {
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
