import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Fragment } from 'react'

import { Link } from '~/components/link'
import { formatSastDateTime } from '~/lib/dates'
import { notFound } from '~/lib/http.server'
import { DEV_MAIL_HEADERS, devMailMessage, requireDevMail } from '~/lib/mail/dev-mail.server'
import { requestContext } from '~/lib/request-context.server'
import adminStyles from '~/styles/admin.css'

/** Outside production only: one email as it would arrive, its headers and both parts. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireDevMail()
  const { store } = await requestContext(request)
  const mail = await devMailMessage(store, params.key ?? '')
  if (!mail) throw notFound()
  return data({ mail }, { headers: DEV_MAIL_HEADERS })
}

export const headers = () => DEV_MAIL_HEADERS

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.mail.subject ?? 'Email'} | Mail outbox (development)` },
  { name: 'robots', content: 'noindex' },
]

const URL_IN_TEXT = /(https?:\/\/[^\s<>"]+)/

/** The plain-text part with its links clickable (the HTML part's frame may not follow them). */
function TextPart({ text }: { text: string }) {
  return (
    <pre className="dev-mail__text" style={{ whiteSpace: 'pre-wrap' }}>
      {text.split(URL_IN_TEXT).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </pre>
  )
}

export default function DevMailMessage() {
  const { mail } = useLoaderData<typeof loader>()
  const headers: [string, string][] = [
    ['From', mail.from],
    ['To', mail.to],
    ...(mail.replyTo ? [['Reply-To', mail.replyTo] as [string, string]] : []),
    ['Subject', mail.subject],
    ...Object.entries(mail.headers),
    [
      'Status',
      `${mail.status}, ${mail.attempts} attempt(s)${mail.lastError ? `: ${mail.lastError}` : ''}`,
    ],
    ['Written', formatSastDateTime(mail.createdAt)],
    ...(mail.sentAt ? [['Sent', formatSastDateTime(mail.sentAt)] as [string, string]] : []),
    ['Key', mail.key],
  ]
  return (
    <div className="dev-mail">
      <p>
        <Link to="/dev/mail">Back to the outbox</Link>
      </p>
      <h1>{mail.subject}</h1>
      <dl className="dev-mail__headers">
        {headers.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>HTML part</h2>
      {/* NOTE: an empty sandbox: the mail's HTML runs no script and cannot reach this page. */}
      <iframe
        title={`HTML part of ${mail.subject}`}
        srcDoc={mail.html}
        sandbox=""
        referrerPolicy="no-referrer"
        style={{ width: '100%', height: '70vh', border: '1px solid #ccc', background: '#fff' }}
      />
      <h2>Text part</h2>
      <TextPart text={mail.text} />
    </div>
  )
}
