import { editable, linkHref, text } from '~/lib/content/blok-fields'
import type { Blok } from '~/lib/content/types'

import { SmartLink } from './smart-link'

/** The thin strip above the header: one short message, optionally a link. */
export function AnnouncementBar({ blok }: { blok: Blok }) {
  const message = text(blok.text)
  if (!message) return null
  const href = linkHref(blok.link)
  const label = text(blok.link_label)
  return (
    <aside className="announcement-bar" aria-label="Announcement" {...editable(blok)}>
      <p className="announcement-bar__text container">
        {message}
        {href && label ? (
          <>
            {' '}
            <SmartLink href={href} className="announcement-bar__link">
              {label}
            </SmartLink>
          </>
        ) : null}
      </p>
    </aside>
  )
}
