import { detailMapMessages as M } from './detail-map-messages';
import { DetailMapSection } from './detail-map-section';

/** The section title's id: a page has one 位置及周边. */
const HEADING_ID = 'detail-map-title';

export interface DetailMapProps {
  cityCode: string;
  /** The place (WGS-84, as every coordinate of the API). */
  lat: number;
  lng: number;
  /** The place's name: the marker's label and the map's accessible name. */
  name: string;
  /** The list of nearby places beside the map (off where the page lists them itself, as 周边 does). */
  withList?: boolean;
}

/**
 * 位置及周边 of every detail page (二手房, 租房, 小区, 新房, 商铺, 写字楼): the place on the base map with the subway
 * stations, schools, hospitals and shopping within 3 km, and beside it their names and distances as text.
 * Nothing loads until the section nears the viewport (./detail-map-section.tsx). The title and the frames shown
 * before are rendered here, on the server, so their markup and words are not in the first-load JavaScript.
 */
export function DetailMap({ cityCode, lat, lng, name, withList = true }: DetailMapProps) {
  // Before the section is seen (and while its code loads): the frame and the status line, as the body draws them.
  const placeholder = (status: string, busy: boolean) => (
    <div className={withList ? 'detail-map__body' : 'detail-map__body detail-map__body--wide'}>
      <figure className="detail-map__frame" aria-label={M.mapLabel(name)}>
        {busy ? (
          <div className="detail-map__canvas detail-map__canvas--loading" aria-hidden="true" />
        ) : (
          <div className="detail-map__canvas detail-map__canvas--waiting">{M.waiting}</div>
        )}
      </figure>
      {withList && (
        <div className="detail-map__nearby">
          <p className="detail-map__status" aria-busy={busy}>
            {status}
          </p>
        </div>
      )}
    </div>
  );
  return (
    <DetailMapSection
      cityCode={cityCode}
      lat={lat}
      lng={lng}
      name={name}
      withList={withList}
      headingId={HEADING_ID}
      heading={
        <h2 className="section__title" id={HEADING_ID}>
          {M.title}
        </h2>
      }
      waiting={placeholder(M.waiting, false)}
      loading={placeholder(M.loading, true)}
    />
  );
}
