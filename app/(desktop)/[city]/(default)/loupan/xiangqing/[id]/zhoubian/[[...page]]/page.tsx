import { ProjectAroundLists } from '@/components/project/project-around';
import { DetailMap } from '@/components/detail/detail-map';
import { ProjectFrame } from '@/components/project/project-frame';
import { loadProjectAroundPage, projectSubPageMetadata, type ProjectSubPageProps } from '@/lib/server/project-detail';

export const generateMetadata = projectSubPageMetadata('zhoubian');

/** 周边 (spec §2 "New-home detail"): subway stations, schools, hospitals and shopping within 3 km, from coordinates in the database. */
export default async function ProjectAroundPage(props: ProjectSubPageProps) {
  const { project, city, around } = await loadProjectAroundPage(props);
  return (
    <ProjectFrame project={project} city={city} active="zhoubian">
      <DetailMap cityCode={city.cityCode} lat={project.lat} lng={project.lng} name={project.name} withList={false} />
      <ProjectAroundLists around={around} />
    </ProjectFrame>
  );
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
