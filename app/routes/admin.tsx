import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'

import { NavLink } from '~/components/link'
import { adminHeaders, adminMeta } from '~/lib/admin/headers'
import { requireStaff } from '~/lib/auth/staff.server'
import adminStyles from '~/styles/admin.css'
import buyingStyles from '~/styles/buying.css'

export const links: LinksFunction = () => [
  // Status badges, order lines and the timeline, shared with the shopper's order page.
  { rel: 'stylesheet', href: buyingStyles },
  { rel: 'stylesheet', href: adminStyles },
]

export const meta: MetaFunction = () => adminMeta('Back office')

/** no-store and noindex on every back-office document and data response below this layout. */
export const headers = adminHeaders

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request)
  return { email: staff.email }
}

const SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/orders', label: 'Orders', end: false },
  { to: '/admin/customers', label: 'Customers', end: false },
  { to: '/admin/reports', label: 'Reports', end: false },
  { to: '/admin/products', label: 'Products', end: false },
  { to: '/admin/import', label: 'Import', end: false },
  { to: '/admin/reviews', label: 'Reviews', end: false },
  { to: '/admin/messages', label: 'Messages', end: false },
  { to: '/admin/shipping', label: 'Shipping', end: false },
  { to: '/admin/discounts', label: 'Discounts', end: false },
  { to: '/admin/gift-cards', label: 'Gift cards', end: false },
  { to: '/admin/settings', label: 'Settings', end: false },
] as const

/** The back office's shell: its sections beside whichever page is open. */
export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>()
  return (
    <div className="admin">
      <header className="admin__header">
        <p className="admin__title">Back office</p>
        <p className="admin__who">Signed in as {email}</p>
        <nav aria-label="Back office">
          <ul className="admin__nav">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="admin__page">
        <Outlet />
      </div>
    </div>
  )
}
