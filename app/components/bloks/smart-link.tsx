import type { ReactNode } from 'react'

import { Link } from '~/components/link'
import { isInternal } from '~/lib/content/blok-fields'

/** Internal paths go through the shop's Link (client navigation, prefetch policy); others are plain. */
export function SmartLink({
  href,
  className,
  children,
}: {
  href: string
  className?: string
  children: ReactNode
}) {
  if (isInternal(href)) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    )
  }
  const external = /^https?:/i.test(href)
  return (
    <a
      href={href}
      className={className}
      {...(external ? { rel: 'noopener noreferrer', target: '_blank' } : {})}
    >
      {children}
    </a>
  )
}
