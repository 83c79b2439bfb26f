/**
 * What the PayFast code needs from the environment. `env.payfast` (~/lib/env.server) has this
 * shape, so callers pass it as it is.
 */
export type PayfastConfig = {
  merchantId: string
  merchantKey: string
  /** Set on the merchant account (required there for live); appended to every signature. */
  passphrase?: string | undefined
  /** Gateway host without a trailing slash: `/eng/process` and `/eng/query/validate` hang off it. */
  baseUrl: string
  /** IPs and CIDR ranges allowed to send ITNs. */
  validIps: readonly string[]
}

/** Where the buyer's browser posts the payment form. */
export const processUrl = (config: Pick<PayfastConfig, 'baseUrl'>) =>
  `${config.baseUrl}/eng/process`

/** Where an ITN's parameter string is posted for server confirmation. */
export const validateUrl = (config: Pick<PayfastConfig, 'baseUrl'>) =>
  `${config.baseUrl}/eng/query/validate`
