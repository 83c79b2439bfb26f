import { useRouteLoaderData } from '@remix-run/react'
import { HoneypotInputs, HoneypotProvider } from 'remix-utils/honeypot/react'

import type { RootLoader } from '~/root'

/**
 * The honeypot's two hidden fields for a public form (sign-up, contact; checked by
 * honeypot.server.ts), from the props the root loader makes for every page. The provider sits
 * here, not around every page in root.tsx, so that only the pages with such a form load it
 * (docs/decisions/038-less-javascript.md).
 */
export function HoneypotFields() {
  const props = useRouteLoaderData<RootLoader>('root')?.honeypotInputProps
  return (
    <HoneypotProvider {...props}>
      <HoneypotInputs />
    </HoneypotProvider>
  )
}
