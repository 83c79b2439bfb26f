import { NavLink } from '~/components/link'
import { bloks, editable, isInternal, linkHref, text } from '~/lib/content/blok-fields'
import type { Blok } from '~/lib/content/types'

/** The site's main navigation, edited in the layout story. */
export function HeaderNav({ blok }: { blok: Blok }) {
  const links = bloks(blok.links).flatMap((link) => {
    const href = linkHref(link.link)
    const label = text(link.label)
    return href && label ? [{ uid: link._uid, href, label }] : []
  })
  return (
    <nav className="header-nav" aria-label="Main" {...editable(blok)}>
      <ul className="header-nav__list">
        {links.map(({ uid, href, label }) => (
          <li key={uid}>
            {isInternal(href) ? (
              <NavLink to={href} end={href === '/'} className="header-nav__link">
                {label}
              </NavLink>
            ) : (
              <a href={href} className="header-nav__link">
                {label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
