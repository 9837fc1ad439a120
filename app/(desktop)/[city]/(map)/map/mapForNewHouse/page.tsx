import { MapPage, mapMetadata, type MapPageProps, type MapRoute } from '@/components/map/map-page';

/** `/map/mapForNewHouse`: 新房 on the full-screen map: project pins with price and status (docs/web.md "Map"). */
const ROUTE: MapRoute = { path: '/map/mapForNewHouse', title: '新房地图找房', channels: ['new'], layout: 'full' };

export const generateMetadata = (props: MapPageProps) => mapMetadata(ROUTE, props);

export default function Page(props: MapPageProps) {
  return <MapPage route={ROUTE} {...props} />;
}
