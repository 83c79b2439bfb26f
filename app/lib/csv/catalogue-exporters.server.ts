import { productsExport } from './catalogue-export.server'
import { customersExport } from './customers-export.server'
import type { Exporter } from './export.server'

/** The products and customers exports, by their kind in `/admin/export/{kind}.csv`. */
export const catalogueExporters = {
  products: productsExport,
  customers: customersExport,
} satisfies Record<string, Exporter>
