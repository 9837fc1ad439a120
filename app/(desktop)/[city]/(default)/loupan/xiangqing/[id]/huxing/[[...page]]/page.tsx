import { ProjectLayouts } from '@/components/detail/project-layouts';
import { LayoutFilter } from '@/components/project/layout-filter';
import { ProjectFrame } from '@/components/project/project-frame';
import { messages } from '@/lib/messages';
import { loadProjectSinglePage, projectSubPageMetadata, type ProjectSubPageProps } from '@/lib/server/project-detail';
import '@/components/project/project.css';

const M = messages.projectPages;

export const generateMetadata = projectSubPageMetadata('huxing');

/**
 * 户型 (spec §2 "New-home detail"): every layout with its plan, rooms, area, orientation, price and status, and a filter by room
 * count (a leaf on the client, since the page is cached for everyone: LayoutFilter). A project has 3 to 8 layouts,
 * so one page holds them all; a page number is the 404 page.
 */
export default async function ProjectLayoutsPage(props: ProjectSubPageProps) {
  const { project, city } = await loadProjectSinglePage(props);
  const counts = new Map<number, number>();
  for (const l of project.layouts) counts.set(l.rooms, (counts.get(l.rooms) ?? 0) + 1);
  const options = [
    { rooms: null, label: `${M.allRooms}（${project.layouts.length}）` },
    ...[...counts].sort(([a], [b]) => a - b).map(([rooms, n]) => ({ rooms, label: `${M.roomsLabel(rooms)}（${n}）` })),
  ];
  return (
    <ProjectFrame project={project} city={city} active="huxing">
      <p className="project-pages__count">{M.layoutCount(project.layouts.length)}</p>
      <LayoutFilter options={options} label={M.filterLabel}>
        <ProjectLayouts layouts={project.layouts} />
      </LayoutFilter>
    </ProjectFrame>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
