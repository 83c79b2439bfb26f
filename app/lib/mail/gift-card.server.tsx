import type { OutboxDraft } from '~/lib/data/types'
import { formatRand } from '~/lib/money'
import { formatGiftCardCode } from '~/lib/promotions/gift-cards'
import type { GiftCard } from '~/lib/promotions/types'

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
} from './templates/layout.server'

/**
 * "Your Karoo & Co. gift card": the code and amount of a card staff issued, to its recipient, or of
 * a card bought in the shop, to its buyer, for `GiftCardStore.issue`'s `mail` callback, with where
 * to check its balance. Keyed by the card, so it is queued once.
 */
export function giftCardMail(card: GiftCard, context: MailContext): OutboxDraft {
  const to = card.issuedTo ?? ''
  const amount = formatRand(card.initialCents)
  const code = formatGiftCardCode(card.code)
  // A card bought in the shop goes to its buyer, who may give it on: say where it came from.
  const intro = card.orderId
    ? `Thank you for buying a ${context.shopName} gift card: here is the card for ${amount} from order ${card.orderId}. Keep the code safe, or pass it on to the lucky person.`
    : `Here is a ${context.shopName} gift card for ${amount}.`
  const use = 'Enter the code at checkout: it pays for all or part of your order.'
  const shop = shopUrl(context, '/shop')
  const balance = shopUrl(context, '/gift-card')
  return {
    key: `gift-card:${card.id}`,
    to,
    replyTo: null,
    orderId: card.orderId,
    subject: `Your ${context.shopName} gift card`,
    text: textPart(
      intro,
      `Your code: ${code}`,
      card.message,
      `${use}\n${shop}`,
      `Check its balance any time: ${balance}`,
      textFooter(context),
    ),
    html: renderHtml(
      <MailLayout context={context} preview={`A gift card for ${amount}.`}>
        <Heading>Your gift card</Heading>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>
          Your code: <strong>{code}</strong>
        </Paragraph>
        {card.message ? <Paragraph>{card.message}</Paragraph> : null}
        <Paragraph>{use}</Paragraph>
        <Paragraph>
          Check its balance any time at <a href={balance}>{balance}</a>.
        </Paragraph>
        <ButtonLink href={shop}>Visit the shop</ButtonLink>
      </MailLayout>,
    ),
  }
}
