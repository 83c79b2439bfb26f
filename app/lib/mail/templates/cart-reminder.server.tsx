import { formatRand } from '~/lib/money'

import {
  ButtonLink,
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

/** One line of the waiting cart as the reminder shows it. */
export type ReminderLine = { name: string; quantity: number; unitPriceCents: number }

/** To a customer whose cart waits: its lines and a link that puts them back in the cart. */
export function cartReminderTemplate(
  reminder: { firstName: string; lines: readonly ReminderLine[]; restorePath: string },
  context: MailContext,
): RenderedMail {
  const url = shopUrl(context, reminder.restorePath)
  const hello = `Hello ${reminder.firstName || 'there'}, you left these in your cart at ${context.shopName}:`
  const lineText = (line: ReminderLine) =>
    `${line.quantity} × ${line.name}, ${formatRand(line.unitPriceCents)} each`
  const note = 'Prices and stock are as they are today; your cart shows them before you pay.'
  return {
    subject: `Your cart at ${context.shopName} is waiting`,
    text: textPart(
      hello,
      reminder.lines.map((line) => `- ${lineText(line)}`).join('\n'),
      `Back to your cart: ${url}`,
      note,
      textFooter(context),
    ),
    html: renderHtml(
      <MailLayout context={context} preview="Your cart is waiting for you.">
        <Heading>Your cart is waiting</Heading>
        <Paragraph>{hello}</Paragraph>
        <ul>
          {reminder.lines.map((line) => (
            <li key={line.name}>{lineText(line)}</li>
          ))}
        </ul>
        <ButtonLink href={url}>Back to my cart</ButtonLink>
        <Paragraph>{note}</Paragraph>
      </MailLayout>,
    ),
  }
}
