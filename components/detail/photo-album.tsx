import type { PhotoGroup } from '@contracts/new-home';
import { messages } from '@/lib/messages';

/** 楼盘相册: the photos of a project by kind (效果图, 实景图, 样板间, 户型图), each kind a row of pictures. */
export function PhotoAlbum({ groups, alt }: { groups: PhotoGroup[]; alt: string }) {
  return (
    <div className="photo-album">
      {groups.map((g) => (
        <div key={g.kind} className="photo-album__group">
          <h3>
            {g.kind}
            <span>{messages.newHome.photoCount(g.photos.length)}</span>
          </h3>
          <ul>
            {g.photos.map((p, i) => (
              <li key={`${p.url}-${i}`}>
                {/* eslint-disable-next-line @next/next/no-img-element -- backend object-store photo */}
                <img src={p.url} alt={`${alt} ${p.title}`} width={200} height={150} loading="lazy" />
                <span>{p.title}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
