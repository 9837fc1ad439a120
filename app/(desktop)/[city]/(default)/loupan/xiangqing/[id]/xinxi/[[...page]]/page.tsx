import { SALE_STATUS } from '@contracts/new-home';
import { FactsSection } from '@/components/detail/facts-section';
import { ProjectFrame } from '@/components/project/project-frame';
import { formatAreaRange, formatLayoutRooms, formatProjectDate, formatTotalRange, formatUnitPrice } from '@/lib/format';
import { messages } from '@/lib/messages';
import { loadProjectSinglePage, projectSubPageMetadata, type ProjectSubPageProps } from '@/lib/server/project-detail';
import '@/components/project/project.css';

const N = messages.newHome;
const F = N.facts;
const M = messages.projectPages;

export const generateMetadata = projectSubPageMetadata('xinxi');

/**
 * 楼盘信息 (spec §2 "New-home detail"): every fact of the project in four groups, the sales group with its pre-sale permits. One
 * page: a project's facts never need a second.
 */
export default async function ProjectInfoPage(props: ProjectSubPageProps) {
  const { project: d, city } = await loadProjectSinglePage(props);
  const opening =
    d.saleStatus === SALE_STATUS.COMING ? N.planned(formatProjectDate(d.openingDate)) : formatProjectDate(d.openingDate);
  const station = d.nearestStation
    ? N.nearestStation(d.nearestStation.lineName, d.nearestStation.stationName, d.nearestStation.distance)
    : N.noSubwayNearby;
  const basic: [string, string][] = [
    [M.facts.name, d.name],
    ...(d.alias ? [[N.aliasLabel, d.alias] as [string, string]] : []),
    [F.propertyTypes, d.propertyTypes.join('、')],
    [M.facts.district, `${d.districtName} · ${d.businessAreaName}`],
    [F.address, d.address],
    [F.developer, d.developer],
    [F.subway, station],
  ];
  const sales: [string, string][] = [
    [F.saleStatus, N.saleStatus[d.saleStatus] ?? ''],
    [F.avgPrice, d.avgPrice === null ? N.priceTbd : formatUnitPrice(d.avgPrice)],
    [F.totalPrice, formatTotalRange(d.totalPriceMin, d.totalPriceMax) ?? N.priceTbd],
    [F.openingDate, opening],
    [F.deliveryDate, formatProjectDate(d.deliveryDate)],
    [M.facts.salesOffice, d.salesOffice],
    [M.facts.layouts, formatLayoutRooms(d.layoutRooms)],
    [M.facts.areaRange, formatAreaRange(d.areaMin, d.areaMax)],
  ];
  const building: [string, string][] = [
    [F.buildingType, d.buildingType],
    [F.decoration, d.decoration],
    [F.rightsYears, N.years(d.rightsYears)],
    [F.plotRatio, String(d.plotRatio)],
    [F.greenRatio, `${Math.round(d.greenRatio * 100)}%`],
    [F.households, N.householdsValue(d.households)],
  ];
  const property: [string, string][] = [
    [F.propertyCompany, d.propertyCompany],
    [M.facts.propertyFee, M.propertyFeeValue(d.propertyFee)],
    [M.facts.heating, d.heating],
    [F.parkingSpaces, N.parkingValue(d.parkingSpaces)],
    [F.parkingRatio, `1:${(d.parkingSpaces / d.households).toFixed(2)}`],
  ];
  const P = M.permitColumns;
  return (
    <ProjectFrame project={d} city={city} active="xinxi">
      <div className="project-info">
        <FactsSection title={M.infoGroups.basic} facts={basic} />
        <FactsSection title={M.infoGroups.sales} facts={sales} />
        <div className="project-info__permits">
          <h3>{M.facts.permits}</h3>
          {d.permits.length === 0 ? (
            <p className="project-pages__empty">{M.noPermits}</p>
          ) : (
            <table className="permits-table">
              <thead>
                <tr>
                  <th>{P.number}</th>
                  <th>{P.issuedAt}</th>
                  <th>{P.buildings}</th>
                </tr>
              </thead>
              <tbody>
                {d.permits.map((p) => (
                  <tr key={p.number + p.issuedAt}>
                    <td>{p.number}</td>
                    <td>{formatProjectDate(p.issuedAt)}</td>
                    <td>{p.buildings}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <FactsSection title={M.infoGroups.building} facts={building} />
        <FactsSection title={M.infoGroups.property} facts={property} />
      </div>
    </ProjectFrame>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
