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

/**
 * To the owner of an email someone tried to sign up with: the page answered as for a new account
 * (it tells nobody whether the address has one), so the owner hears of it here instead.
 */
export function signUpTakenTemplate(context: MailContext): RenderedMail {
  const tried = `Someone tried to create a ${context.shopName} account with your email address, which already has one.`
  const ifYou = 'If it was you, sign in, or reset your password if you have forgotten it.'
  const ignore = 'If it was not you, ignore this email: nothing about your account changed.'
  const signIn = shopUrl(context, '/auth')
  return {
    subject: `Someone tried to create a ${context.shopName} account with your email`,
    text: textPart(tried, `${ifYou}\n${signIn}`, ignore, textFooter(context)),
    html: renderHtml(
      <MailLayout context={context} preview="Your email already has an account with us.">
        <Heading>You already have an account</Heading>
        <Paragraph>{tried}</Paragraph>
        <Paragraph>{ifYou}</Paragraph>
        <ButtonLink href={signIn}>Sign in or reset your password</ButtonLink>
        <Paragraph>{ignore}</Paragraph>
      </MailLayout>,
    ),
  }
}
