import { ProjectNewsPage } from '@/components/project/project-news-page';
import { projectSubPageMetadata, type ProjectSubPageProps } from '@/lib/server/project-detail';

export const generateMetadata = projectSubPageMetadata('dongtai');

/** `/loupan/xiangqing/{id}/dynamic[/n][.html]`: the spec's other address of 楼盘动态, the same feed. */
export default async function ProjectDynamicPage(props: ProjectSubPageProps) {
  return <ProjectNewsPage props={props} segment="dynamic" />;
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
