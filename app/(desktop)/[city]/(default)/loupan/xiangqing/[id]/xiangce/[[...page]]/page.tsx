import { PhotoViewer } from '@/components/project/photo-viewer';
import { ProjectFrame } from '@/components/project/project-frame';
import { messages } from '@/lib/messages';
import { loadProjectSinglePage, projectSubPageMetadata, type ProjectSubPageProps } from '@/lib/server/project-detail';
import '@/components/project/project.css';

export const generateMetadata = projectSubPageMetadata('xiangce');

/** 相册 (spec §2 "New-home detail"): the album by kind (效果图, 实景图, 样板间, 户型图, 交通图, 配套图) with a viewer. One page. */
export default async function ProjectAlbumPage(props: ProjectSubPageProps) {
  const { project, city } = await loadProjectSinglePage(props);
  const total = project.photoGroups.reduce((n, g) => n + g.photos.length, 0);
  const groups = project.photoGroups.map((g) => ({
    kind: g.kind,
    heading: `${g.kind}${messages.newHome.photoCount(g.photos.length)}`,
    photos: g.photos,
  }));
  return (
    <ProjectFrame project={project} city={city} active="xiangce">
      <p className="project-pages__count">{messages.projectPages.albumCount(total)}</p>
      <nav className="album-kinds">
        {groups.map((g) => (
          <a key={g.kind} href={`#album-${g.kind}`}>
            {g.heading}
          </a>
        ))}
      </nav>
      <PhotoViewer groups={groups} alt={project.name} />
    </ProjectFrame>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
