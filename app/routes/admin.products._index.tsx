import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'

import { Link } from '~/components/link'
import { Pagination } from '~/components/pagination'
import { TableScroll } from '~/components/table-scroll'
import { adminMeta } from '~/lib/admin/headers'
import { LOW_STOCK_RULE, lowStockCount, lowVariantsNote } from '~/lib/admin/low-stock'
import { listProducts, parseProductListQuery } from '~/lib/admin/products.server'
import { requireStaff } from '~/lib/auth/staff.server'
import { formatRand } from '~/lib/money'
import { requestContext } from '~/lib/request-context.server'

export const meta: MetaFunction = () => adminMeta('Products')

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request)
  const query = parseProductListQuery(new URL(request.url))
  const { store } = await requestContext(request)
  return { query, ...(await listProducts(store, query)) }
}

export default function AdminProducts() {
  const { query, rows, total, pageCount } = useLoaderData<typeof loader>()
  return (
    <>
      <h1>Products</h1>
      <p>
        <Link to="/admin/products/new" className="button">
          New product
        </Link>
      </p>
      <Form method="get" className="admin-filters" role="search" aria-label="Products">
        <div className="field">
          <label htmlFor="products-q">Name or id</label>
          <input id="products-q" type="search" name="q" defaultValue={query.q} maxLength={100} />
        </div>
        <div className="field field--checkbox">
          <label>
            <input type="checkbox" name="lowStock" value="1" defaultChecked={query.lowStock} /> Low
            stock only ({LOW_STOCK_RULE})
          </label>
        </div>
        <button type="submit" className="button button--secondary">
          Show products
        </button>
      </Form>
      {rows.length === 0 ? (
        <p>No products match.</p>
      ) : (
        <TableScroll label="Products">
          <table className="admin-table">
            <caption className="visually-hidden">Products</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Id</th>
                <th scope="col">Price</th>
                <th scope="col">Stock</th>
                <th scope="col">Active</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link to={`/admin/products/${row.id}`}>{row.name}</Link>
                  </th>
                  <td>{row.id}</td>
                  <td>
                    {row.from ? 'from ' : ''}
                    {formatRand(row.priceCents)}
                  </td>
                  <td>
                    {row.stock}
                    {row.lowVariants > 0 ? (
                      <strong> ({lowVariantsNote(row.lowVariants, row.variantCount)})</strong>
                    ) : null}
                  </td>
                  <td>{row.active ? 'Yes' : 'No (off the shop)'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination
        page={query.page}
        pageCount={pageCount}
        summary={`Page ${query.page} of ${pageCount} · ${query.lowStock ? `${lowStockCount(total)} (${LOW_STOCK_RULE})` : `${total} products`}`}
        className="admin-pager"
      />
    </>
  )
}
