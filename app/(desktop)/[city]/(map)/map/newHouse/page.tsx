import { MapPage, mapMetadata, type MapPageProps, type MapRoute } from '@/components/map/map-page';

/** `/map/newHouse`: 新房: the list of projects beside the map (docs/web.md "Map"). */
const ROUTE: MapRoute = { path: '/map/newHouse', title: '新房地图列表', channels: ['new'], layout: 'list' };

export const generateMetadata = (props: MapPageProps) => mapMetadata(ROUTE, props);

export default function Page(props: MapPageProps) {
  return <MapPage route={ROUTE} {...props} />;
}
