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

/**
 * To the sender: we have a message from this address. NOTE: it repeats nothing the sender typed
 * (name, subject, message): anyone can type anyone's address into the form, and a copy of their
 * words would make the shop mail strangers whatever a spammer writes.
 */
export function contactAckTemplate(context: MailContext): RenderedMail {
  const thanks = `Thank you for writing to ${context.shopName}. We got your message and will reply to this address within two working days.`
  const stranger = 'If you did not write to us, ignore this email.'
  return {
    subject: `We got your message to ${context.shopName}`,
    text: textPart(thanks, stranger, textFooter(context)),
    html: renderHtml(
      <MailLayout context={context} preview="We reply within two working days.">
        <Heading>Thank you for your message</Heading>
        <Paragraph>{thanks}</Paragraph>
        <Paragraph>{stranger}</Paragraph>
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
