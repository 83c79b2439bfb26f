import type { ContactMessage } from '~/lib/data/types'
import { formatSastDateTime } from '~/lib/dates'

import {
  Heading,
  MailLayout,
  Paragraph,
  renderHtml,
  shopUrl,
  textFooter,
  textPart,
  type MailContext,
  type RenderedMail,
} from './layout.server'

type Message = Pick<ContactMessage, 'id' | 'name' | 'email' | 'subject' | 'message' | 'createdAt'>

/** The message as it was written, line breaks kept. */
function Quoted({ text }: { text: string }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} border={0}>
      <tbody>
        <tr>
          <td
            style={{
              padding: '12px 16px',
              borderLeft: '3px solid #e4ded4',
              backgroundColor: '#faf8f5',
              whiteSpace: 'pre-wrap',
              fontSize: '15px',
              lineHeight: '22px',
            }}
          >
            {text}
          </td>
        </tr>
      </tbody>
    </table>
  )
}

/** To the sender: we have the message, and what it said. */
export function contactAckTemplate(message: Message, context: MailContext): RenderedMail {
  const thanks = `Hi ${message.name}, thank you for writing to ${context.shopName}. We have your message and reply within two working days.`
  return {
    subject: `We have your message: ${message.subject}`,
    text: textPart(
      thanks,
      `Your message, "${message.subject}":\n\n${message.message}`,
      textFooter(context),
    ),
    html: renderHtml(
      <MailLayout context={context} preview="We reply within two working days.">
        <Heading>Thank you for your message</Heading>
        <Paragraph>{thanks}</Paragraph>
        <Paragraph>
          Your message, <strong>{message.subject}</strong>:
        </Paragraph>
        <Quoted text={message.message} />
      </MailLayout>,
    ),
  }
}

/** To the shop (SHOP_EMAIL): the message, to answer by replying (Reply-To is the sender). */
export function contactShopTemplate(message: Message, context: MailContext): RenderedMail {
  const from = `From ${message.name} <${message.email}>, sent ${formatSastDateTime(message.createdAt)}. Reply to this email to answer them.`
  const inbox = shopUrl(context, '/admin/messages')
  return {
    subject: `Contact: ${message.subject}`,
    text: textPart(
      from,
      `${message.subject}\n\n${message.message}`,
      `Mark it handled in the back office: ${inbox}`,
      textFooter(context),
    ),
    html: renderHtml(
      <MailLayout context={context} preview={`From ${message.name}: ${message.subject}`}>
        <Heading>{message.subject}</Heading>
        <Paragraph>
          From {message.name} &lt;
          <a href={`mailto:${message.email}`}>{message.email}</a>&gt;, sent{' '}
          {formatSastDateTime(message.createdAt)}. Reply to this email to answer them.
        </Paragraph>
        <Quoted text={message.message} />
        <Paragraph>
          <br />
          Mark it handled in the <a href={inbox}>back office</a>.
        </Paragraph>
      </MailLayout>,
    ),
  }
}
