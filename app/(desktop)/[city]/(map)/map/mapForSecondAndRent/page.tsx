import { MapPage, mapMetadata, type MapPageProps, type MapRoute } from '@/components/map/map-page';

/** `/map/mapForSecondAndRent`: 二手房 and 租房 on the full-screen map (docs/web.md "Map"). */
const ROUTE: MapRoute = {
  path: '/map/mapForSecondAndRent',
  title: '二手房租房地图找房',
  channels: ['esf', 'rent'],
  layout: 'full',
};

export const generateMetadata = (props: MapPageProps) => mapMetadata(ROUTE, props);

export default function Page(props: MapPageProps) {
  return <MapPage route={ROUTE} {...props} />;
}
