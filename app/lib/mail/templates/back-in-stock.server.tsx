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

/** What the back-in-stock mail names: the product, the variant's options, and its page. */
export type BackInStockItem = {
  productName: string
  /** "M / Black"; empty for a product without options. */
  optionLabel: string
  /** The variant's page on the shop ("/shop/{id}?variant={variantId}"). */
  path: string
}

/** To the shopper who asked on a sold-out variant: it is back, with a link to buy it. */
export function backInStockTemplate(item: BackInStockItem, context: MailContext): RenderedMail {
  const name = item.optionLabel ? `${item.productName} (${item.optionLabel})` : item.productName
  const url = shopUrl(context, item.path)
  const back = `Good news: ${name} is back in stock at ${context.shopName}.`
  const why =
    'You asked us to email you when it was back. This is the only email that request sends: we have now forgotten it.'
  return {
    subject: `Back in stock: ${name}`,
    text: textPart(back, `Buy it while it lasts: ${url}`, why, textFooter(context)),
    html: renderHtml(
      <MailLayout context={context} preview={`${name} is back in stock.`}>
        <Heading>{name} is back in stock</Heading>
        <Paragraph>{back}</Paragraph>
        <ButtonLink href={url}>See it in the shop</ButtonLink>
        <Paragraph>{why}</Paragraph>
      </MailLayout>,
    ),
  }
}
