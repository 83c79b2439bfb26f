import { StarRating } from '~/components/star-rating'
import { formatAverage, type ProductStatistics } from '~/lib/catalog/statistics'

/** The average and the distribution over 1-5 stars; nothing before the first review. */
export function RatingStatistics({ statistics }: { statistics: ProductStatistics }) {
  if (statistics.count === 0 || statistics.average === null) return null
  return (
    <div className="rating-statistics">
      <p className="rating-statistics__average">
        <StarRating rating={statistics.average} />{' '}
        <span>
          {formatAverage(statistics.average)}, from {statistics.count}{' '}
          {statistics.count === 1 ? 'review' : 'reviews'}
        </span>
      </p>
      <table className="rating-distribution">
        <caption className="visually-hidden">How many reviews gave each star rating</caption>
        <tbody>
          {statistics.distribution.map((row) => (
            <tr key={row.stars}>
              <th scope="row">
                {row.stars} {row.stars === 1 ? 'star' : 'stars'}
              </th>
              <td className="rating-distribution__bar-cell">
                <span className="rating-distribution__bar" aria-hidden="true">
                  <span style={{ width: `${row.percent}%` }} />
                </span>
              </td>
              <td className="rating-distribution__figure">
                {row.percent}%
                <span className="visually-hidden">
                  {' '}
                  ({row.count} {row.count === 1 ? 'review' : 'reviews'})
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
