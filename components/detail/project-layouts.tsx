import type { ProjectLayout } from '@contracts/new-home';
import { SaleStatusBadge } from '@/components/listing/project-card';
import { formatArea, formatProjectLayout, formatTotalPrice } from '@/lib/format';
import { messages } from '@/lib/messages';

const M = messages.newHome;

/** 户型介绍: every layout of a project with its plan, rooms, area, orientation, price and status. */
export function ProjectLayouts({ layouts }: { layouts: ProjectLayout[] }) {
  const C = M.layoutColumns;
  return (
    <table className="layouts-table">
      <thead>
        <tr>
          <th>{C.plan}</th>
          <th>{C.name}</th>
          <th>{C.rooms}</th>
          <th>{C.area}</th>
          <th>{C.orientation}</th>
          <th>{C.price}</th>
          <th>{C.status}</th>
        </tr>
      </thead>
      <tbody>
        {layouts.map((l) => (
          <tr key={l.id} data-rooms={l.rooms}>
            <td>
              {/* eslint-disable-next-line @next/next/no-img-element -- floor plan from the backend's object store */}
              <img src={l.planUrl} alt={`${l.name}${C.plan}`} width={96} height={72} loading="lazy" />
            </td>
            <td>
              <strong>{l.name}</strong>
              <div className="tags">
                {l.tags.map((t) => (
                  <span key={t} className="tag">
                    {t}
                  </span>
                ))}
              </div>
            </td>
            <td>{formatProjectLayout(l.rooms, l.halls, l.baths)}</td>
            <td>{formatArea(l.area)}</td>
            <td>{l.orientation}</td>
            <td className={l.totalPrice === null ? 'layouts-table__tbd' : 'layouts-table__price'}>
              {l.totalPrice === null ? M.priceTbd : M.layoutPrice(formatTotalPrice(l.totalPrice))}
            </td>
            <td>
              <SaleStatusBadge status={l.saleStatus} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
