import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'

import { ContentPage } from '~/components/bloks/content-page'
import { contentHeaders } from '~/lib/content/cache'
import { pageMeta } from '~/lib/content/meta'
import { loadPage } from '~/lib/content/pages.server'
import contentStyles from '~/styles/content.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, headers } = await loadPage(request, 'home')
  return data(page, { headers })
}

export const headers = contentHeaders

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((match) => match.id === 'root')?.data as
    { layout?: { siteName?: string } } | undefined
  return pageMeta(data, root?.layout?.siteName)
}

export default function Home() {
  return <ContentPage page={useLoaderData<typeof loader>()} />
}
