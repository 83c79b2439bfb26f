import { Fragment, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

/*
 * The frame every email shares, written for what mail clients accept: layout by tables, every
 * style inline (Gmail and Outlook drop <style> blocks and external CSS), no scripts, absolute links.
 * NOTE: keep it to HTML 4 era attributes and simple CSS; Outlook on Windows renders with Word.
 */

/** What every message needs to know about the shop. */
export type MailContext = {
  /** The shop's name, as the site header shows it (the layout story). */
  shopName: string
  /** The shop's public base URL (APP_URL), without a trailing slash: links in mail are absolute. */
  appUrl: string
}

/** One email's content: the subject and its two parts. */
export type RenderedMail = { subject: string; text: string; html: string }

const INK = '#1f2933'
const ACCENT = '#7a4b1c'
const MUTED = '#5f6b76'

/** An absolute URL on the shop for a path ("/cart") or an already absolute URL. */
export function shopUrl(context: MailContext, path: string): string {
  return new URL(path, `${context.appUrl}/`).toString()
}

/** The whole document: a centred 600px table on a light background. */
export function MailLayout({
  context,
  preview,
  children,
}: {
  context: MailContext
  /** The line mail clients show beside the subject in the inbox. */
  preview: string
  children: ReactNode
}) {
  return (
    <html lang="en">
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{context.shopName}</title>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: '#f4f1ec' }}>
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{preview}</div>
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          border={0}
          style={{ backgroundColor: '#f4f1ec' }}
        >
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  width={600}
                  cellPadding={0}
                  cellSpacing={0}
                  border={0}
                  style={{ width: '100%', maxWidth: '600px', backgroundColor: '#ffffff' }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{
                          padding: '20px 24px',
                          borderBottom: `3px solid ${ACCENT}`,
                          fontFamily: 'Helvetica,Arial,sans-serif',
                          fontSize: '22px',
                          fontWeight: 'bold',
                          color: INK,
                        }}
                      >
                        <a
                          href={shopUrl(context, '/')}
                          style={{ color: INK, textDecoration: 'none' }}
                        >
                          {context.shopName}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: '24px',
                          fontFamily: 'Helvetica,Arial,sans-serif',
                          fontSize: '16px',
                          lineHeight: '24px',
                          color: INK,
                        }}
                      >
                        {children}
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: '16px 24px',
                          borderTop: '1px solid #e4ded4',
                          fontFamily: 'Helvetica,Arial,sans-serif',
                          fontSize: '13px',
                          lineHeight: '20px',
                          color: MUTED,
                        }}
                      >
                        {context.shopName} ·{' '}
                        <a href={shopUrl(context, '/')} style={{ color: MUTED }}>
                          {shopUrl(context, '/')}
                        </a>
                        <br />
                        {MAIL_LEGAL_LINKS.map((link, i) => (
                          <Fragment key={link.path}>
                            {i > 0 ? ' · ' : null}
                            <a href={shopUrl(context, link.path)} style={{ color: MUTED }}>
                              {link.label}
                            </a>
                          </Fragment>
                        ))}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  )
}

export function Heading({ children }: { children: ReactNode }) {
  return (
    <h1 style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '28px', color: INK }}>
      {children}
    </h1>
  )
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={{ margin: '0 0 16px' }}>{children}</p>
}

/** A link drawn as a button: a one-cell table, so Outlook keeps its background. */
export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <table
      role="presentation"
      cellPadding={0}
      cellSpacing={0}
      border={0}
      style={{ margin: '8px 0 20px' }}
    >
      <tbody>
        <tr>
          <td style={{ backgroundColor: ACCENT, borderRadius: '4px' }}>
            <a
              href={href}
              style={{
                display: 'inline-block',
                padding: '12px 20px',
                color: '#ffffff',
                fontWeight: 'bold',
                textDecoration: 'none',
              }}
            >
              {children}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  )
}

/** The HTML part: a complete document with its doctype. */
export function renderHtml(element: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`
}

/** The plain-text part: paragraphs separated by a blank line, nulls and empties dropped. */
export function textPart(...paragraphs: (string | null | false | undefined)[]): string {
  return `${paragraphs.filter((p): p is string => Boolean(p)).join('\n\n')}\n`
}

/** The legal pages every mail's footer links (ECTA s43: terms, returns and privacy). */
const MAIL_LEGAL_LINKS = [
  { path: '/returns', label: 'Returns and refunds' },
  { path: '/terms', label: 'Terms' },
  { path: '/privacy', label: 'Privacy' },
] as const

/** The text part's sign-off: the shop's name and address on the web, and the legal pages. */
export function textFooter(context: MailContext): string {
  const legal = MAIL_LEGAL_LINKS.map((link) => `${link.label}: ${shopUrl(context, link.path)}`)
  return `-- \n${context.shopName}\n${shopUrl(context, '/')}\n${legal.join('\n')}`
}
