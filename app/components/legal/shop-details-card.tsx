import type { ShopDetails } from '~/lib/legal/shop-details'

/**
 * Who the buyer deals with (ECTA s43(1)): the shop's full name, registration and VAT numbers,
 * address and contact details, as staff saved them at /admin/settings.
 */
export function ShopDetailsCard({ shop }: { shop: ShopDetails }) {
  return (
    <section className="rich-text-blok container" aria-labelledby="shop-details-title">
      <h2 id="shop-details-title">Our details</h2>
      <dl className="shop-details">
        <dt>Full name</dt>
        <dd>
          {shop.legalName}
          {shop.tradingName && shop.tradingName !== shop.legalName
            ? ` (trading as ${shop.tradingName})`
            : null}
        </dd>
        {shop.registrationNumber ? (
          <>
            <dt>Registration number</dt>
            <dd>{shop.registrationNumber}</dd>
          </>
        ) : null}
        <dt>VAT number</dt>
        <dd>{shop.vatNumber ?? 'Not registered for VAT'}</dd>
        <dt>Address</dt>
        <dd>
          <address>
            {shop.address.map((line, i) => (
              <span key={i} className="shop-details__line">
                {line}
              </span>
            ))}
          </address>
        </dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${shop.email}`}>{shop.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>{shop.phone}</a>
        </dd>
      </dl>
    </section>
  )
}
