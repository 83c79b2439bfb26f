import { notFound } from '~/lib/http.server'

// Unknown URLs throw a real 404 so the root error boundary renders with the right status.
export async function loader() {
  throw notFound()
}

export async function action() {
  throw notFound()
}

export default function NotFound() {
  return null
}
