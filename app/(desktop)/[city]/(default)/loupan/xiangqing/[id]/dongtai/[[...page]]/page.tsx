import { ProjectNewsPage } from '@/components/project/project-news-page';
import { projectSubPageMetadata, type ProjectSubPageProps } from '@/lib/server/project-detail';

export const generateMetadata = projectSubPageMetadata('dongtai');

/** 楼盘动态 (spec §2 "New-home detail"): `/loupan/xiangqing/{id}/dongtai[/n][.html]`, 10 news a page, newest first. */
export default async function ProjectDongtaiPage(props: ProjectSubPageProps) {
  return <ProjectNewsPage props={props} segment="dongtai" />;
}

export { generateStaticParams } from '@/lib/server/render-on-visit';
