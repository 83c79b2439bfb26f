/**
 * The honeypot fields as the sign-up and contact pages render them (hidden field empty, stamp
 * signed five seconds ago), for tests that post those forms: a post without them is taken for a
 * bot. `filled` is what a bot types into the hidden field.
 *
 * NOTE: the honeypot reads SESSION_SECRET through env.server.ts, so it is imported when first
 * asked for, after the test has set up its environment.
 */
export async function honeypotFields(filled = ''): Promise<Record<string, string>> {
  const { honeypot } = await import('~/lib/honeypot.server')
  const props = honeypot.getInputProps({ validFromTimestamp: Date.now() - 5_000 })
  return { [props.nameFieldName]: filled, [props.validFromFieldName!]: props.encryptedValidFrom }
}
