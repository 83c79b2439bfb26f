import { bloks, editable, linkHref, text } from '~/lib/content/blok-fields'
import type { Blok } from '~/lib/content/types'

import { SmartLink } from './smart-link'

/** The site footer: a blurb about the shop and columns of links. */
export function Footer({ blok }: { blok: Blok }) {
  const blurb = text(blok.blurb)
  const note = text(blok.note)
  return (
    <footer className="site-footer" {...editable(blok)}>
      <div className="site-footer__inner container">
        {blurb ? <p className="site-footer__blurb">{blurb}</p> : null}
        {bloks(blok.columns).map((column) => {
          const title = text(column.title)
          const headingId = `footer-${column._uid}`
          return (
            <nav
              key={column._uid}
              className="site-footer__column"
              aria-labelledby={title ? headingId : undefined}
            >
              {title ? (
                <h2 id={headingId} className="site-footer__title">
                  {title}
                </h2>
              ) : null}
              <ul>
                {bloks(column.links).map((link) => {
                  const href = linkHref(link.link)
                  const label = text(link.label)
                  return href && label ? (
                    <li key={link._uid}>
                      <SmartLink href={href}>{label}</SmartLink>
                    </li>
                  ) : null
                })}
              </ul>
            </nav>
          )
        })}
        <LegalLinks />
      </div>
      {note ? <p className="site-footer__note container">{note}</p> : null}
    </footer>
  )
}

/** The legal pages (ECTA s43), always in the footer whatever the layout story's columns hold. */
export const LEGAL_LINKS = [
  { href: '/returns', label: 'Returns and refunds' },
  { href: '/terms', label: 'Terms and conditions' },
  { href: '/privacy', label: 'Privacy policy' },
] as const

function LegalLinks() {
  return (
    <nav className="site-footer__column" aria-labelledby="footer-legal">
      <h2 id="footer-legal" className="site-footer__title">
        Legal
      </h2>
      <ul>
        {LEGAL_LINKS.map((link) => (
          <li key={link.href}>
            <SmartLink href={link.href}>{link.label}</SmartLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
