import {
  ButtonLink,
  Heading,
  MailLayout,
  Paragraph,
  renderHtml,
  textFooter,
  textPart,
  type MailContext,
  type RenderedMail,
} from './layout.server'

/** A Firebase account's deletion: the signed link that confirms it, valid for `minutes`. */
export function deletionConfirmTemplate(
  link: string,
  minutes: number,
  context: MailContext,
): RenderedMail {
  const asked = `Someone (we hope you) asked to delete your ${context.shopName} account.`
  const what =
    'Deleting it signs you out everywhere and removes your profile, addresses, liked products, cart and marketing consent. Your reviews stay, shown as "A customer". Orders are kept for the tax period, no longer linked to any account.'
  const ignore = 'If you did not ask, ignore this email: your account stays as it is.'
  return {
    subject: `Confirm deleting your ${context.shopName} account`,
    text: textPart(
      asked,
      what,
      `Confirm here (the link works for ${minutes} minutes):\n${link}`,
      ignore,
      textFooter(context),
    ),
    html: renderHtml(
      <MailLayout context={context} preview="Confirm that you want your account deleted.">
        <Heading>Delete your account?</Heading>
        <Paragraph>{asked}</Paragraph>
        <Paragraph>{what}</Paragraph>
        <ButtonLink href={link}>Confirm deleting my account</ButtonLink>
        <Paragraph>{`The link works for ${minutes} minutes.`}</Paragraph>
        <Paragraph>{ignore}</Paragraph>
      </MailLayout>,
    ),
  }
}
