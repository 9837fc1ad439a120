import 'server-only';
import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { CHANNELS } from '@contracts/channels';
import { PROJECT_NEWS_MAX_PAGE } from '@contracts/project-pages';
import { fetchNewHomeDetail, fetchProjectAround, fetchProjectNews, fetchProjectReviews } from '@/lib/api/endpoints';
import { publicContext, rethrowAsPage } from '@/lib/server/api';
import { channelDetail, type DetailPageProps } from '@/lib/server/channel-detail';
import type { City } from '@contracts/city';
import type { NewHomeDetail } from '@contracts/new-home';
import { messages } from '@/lib/messages';
import { PROJECT_TABS, projectPath, subPageNumber, type ProjectTab } from '@/lib/project-pages';
import { projectSeo, type Seo } from '@/lib/server/seo';

/**
 * A new-home project, loaded once per request for the detail page, each sub-page and their metadata. A project's
 * name is its title (the page title, and what channelDetail names in metadata).
 */
export const projectDetail = channelDetail(CHANNELS.new, (ctx, id) =>
  fetchNewHomeDetail(ctx, id).then((d) => ({ ...d, title: d.name })),
);

/** The props of a sub-page with an optional page number (`[[...page]]`). */
export interface ProjectSubPageProps {
  params: Promise<{ city: string; id: string; page?: string[] }>;
}

/** The project, its city and the page number of a sub-page; the 404 page for a bad page number. */
export async function loadProjectSubPage(props: ProjectSubPageProps) {
  const { page: rest } = await props.params;
  const page = subPageNumber(rest);
  if (page === null) notFound();
  const { detail, city } = await projectDetail.load(props as DetailPageProps);
  return { project: detail, city, page };
}

/** A sub-page that is one page whatever the project (楼盘信息, 户型, 相册, 周边): a page number is the 404 page. */
export async function loadProjectSinglePage(props: ProjectSubPageProps) {
  const loaded = await loadProjectSubPage(props);
  if (loaded.page > 1) notFound();
  return loaded;
}

/** 周边: the project and what is around it (stations, schools, hospitals, shopping). */
export async function loadProjectAroundPage(props: ProjectSubPageProps) {
  const { project, city } = await loadProjectSinglePage(props);
  const around = await fetchProjectAround(await publicContext(), project.id).catch(rethrowAsPage);
  return { project, city, around };
}

/** 点评, 10 a page: page 1 of a project without reviews is its empty state, a page past the last the 404 page. */
export async function loadProjectReviewsPage(props: ProjectSubPageProps) {
  const { project, city, page } = await loadProjectSubPage(props);
  const reviews = await fetchProjectReviews(await publicContext(), project.id, page).catch(rethrowAsPage);
  const pages = Math.ceil(reviews.total / reviews.pageSize);
  if (page > 1 && page > pages) notFound();
  return { project, city, page, pages, reviews };
}

/** 楼盘动态, 10 a page: a page past the last (or past the most any project has) is the 404 page. */
export async function loadProjectNewsPage(props: ProjectSubPageProps) {
  const { project, city, page } = await loadProjectSubPage(props);
  if (page > PROJECT_NEWS_MAX_PAGE) notFound();
  const news = await fetchProjectNews(await publicContext(), project.id, page).catch(rethrowAsPage);
  const pages = Math.max(1, Math.ceil(news.total / news.pageSize));
  if (page > pages) notFound();
  return { project, city, page, pages, news };
}

/**
 * What a project's page tells crawlers (lib/server/seo.ts): `远洋天著` on its home, `楼盘动态 - 远洋天著` on a
 * sub-page, `… 第2页 …` on later pages; its address is the sub-page's own. The frame renders its JSON-LD.
 */
export function projectPageSeo(project: NewHomeDetail, city: City, tab: ProjectTab, page = 1): Seo {
  const label = PROJECT_TABS.find((t) => t.key === tab)!.label;
  const name =
    tab === 'home'
      ? project.name
      : page > 1
        ? messages.newHome.subPageTitleOnPage(label, project.name, page)
        : messages.newHome.subPageTitle(label, project.name);
  return projectSeo(city, project, projectPath(project.id, tab, page), name);
}

/** `楼盘动态 - 远洋天著 - 北京找房 - 优居`, `… 第2页 …` on later pages. */
export function projectSubPageMetadata(tab: ProjectTab) {
  return async (props: ProjectSubPageProps): Promise<Metadata> => {
    const { project, city, page } = await loadProjectSubPage(props);
    return projectPageSeo(project, city, tab, page).metadata;
  };
}
