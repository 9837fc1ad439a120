import { MapPage, mapMetadata, type MapPageProps, type MapRoute } from '@/components/map/map-page';

/** `/map`: the full-screen map; the spec's ?type= picks the channel (0 二手房, 1 新房, 2 租房), tabs switch it (docs/web.md "Map"). */
const ROUTE: MapRoute = { path: '/map', title: '地图找房', channels: ['esf', 'new', 'rent'], layout: 'full' };

export const generateMetadata = (props: MapPageProps) => mapMetadata(ROUTE, props);

export default function Page(props: MapPageProps) {
  return <MapPage route={ROUTE} {...props} />;
}
