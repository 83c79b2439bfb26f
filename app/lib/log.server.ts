/**
 * One line that says what failed, for the server log: the error's name and message, then each
 * cause's, never a stack trace (stack traces name files and lines of the deployment and can carry
 * values from the request; docs/contracts.md keeps them out of responses and logs alike).
 */
export function errorSummary(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  // A cause chain is short; the bound only guards against a cycle.
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (current instanceof Error) {
      parts.push(`${current.name}: ${current.message}`)
      current = current.cause
    } else {
      parts.push(String(current))
      break
    }
  }
  return parts.join(' <- caused by ') || 'unknown error'
}
