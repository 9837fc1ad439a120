import { Pagination } from '@/components/listing/pagination';
import { ProjectFrame } from '@/components/project/project-frame';
import { ProjectNews } from '@/components/project/project-news';
import { messages } from '@/lib/messages';
import { loadProjectNewsPage, type ProjectSubPageProps } from '@/lib/server/project-detail';
import { projectPath } from '@/lib/project-pages';
import './project.css';

/**
 * 楼盘动态, served at `dongtai` and at `dynamic` (both spec routes; the tab bar marks 楼盘动态 either way). Pages
 * link within the address they were opened at; a page past the last is the 404 page.
 */
export async function ProjectNewsPage({ props, segment }: { props: ProjectSubPageProps; segment: 'dongtai' | 'dynamic' }) {
  const { project, city, page, pages, news } = await loadProjectNewsPage(props);
  const base = projectPath(project.id, 'dongtai').replace(/dongtai$/, segment);
  return (
    <ProjectFrame project={project} city={city} active="dongtai" page={page}>
      <p className="project-pages__count">{messages.projectPages.newsCount(news.total)}</p>
      <ProjectNews items={news.list} />
      <Pagination page={page} pages={pages} href={(n) => (n > 1 ? `${base}/${n}` : base)} />
    </ProjectFrame>
  );
}
