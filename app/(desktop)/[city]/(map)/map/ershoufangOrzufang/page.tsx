import { MapPage, mapMetadata, type MapPageProps, type MapRoute } from '@/components/map/map-page';

/** `/map/ershoufangOrzufang`: 二手房 or 租房: the list beside the map (docs/web.md "Map"). */
const ROUTE: MapRoute = {
  path: '/map/ershoufangOrzufang',
  title: '二手房租房地图列表',
  channels: ['esf', 'rent'],
  layout: 'list',
};

export const generateMetadata = (props: MapPageProps) => mapMetadata(ROUTE, props);

export default function Page(props: MapPageProps) {
  return <MapPage route={ROUTE} {...props} />;
}
