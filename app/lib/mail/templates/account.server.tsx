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

/** The password reset of a local account: the one-time link, valid 30 minutes. */
export function passwordResetTemplate(link: string, context: MailContext): RenderedMail {
  const asked = `Someone (we hope you) asked to reset the password of your ${context.shopName} account.`
  const ignore = 'If you did not ask, ignore this email: your password stays as it is.'
  return {
    subject: `Reset your ${context.shopName} password`,
    text: textPart(
      asked,
      `Choose a new password here (the link works once, for 30 minutes):\n${link}`,
      ignore,
      textFooter(context),
    ),
    html: renderHtml(
      <MailLayout context={context} preview="Your link to choose a new password, valid 30 minutes.">
        <Heading>Reset your password</Heading>
        <Paragraph>{asked}</Paragraph>
        <ButtonLink href={link}>Choose a new password</ButtonLink>
        <Paragraph>The link works once, for 30 minutes.</Paragraph>
        <Paragraph>{ignore}</Paragraph>
      </MailLayout>,
    ),
  }
}
