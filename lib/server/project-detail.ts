import 'server-only';
import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { CHANNELS } from '@contracts/channels';
import { fetchNewHomeDetail } from '@/lib/api/endpoints';
import { channelDetail, type DetailPageProps } from '@/lib/server/channel-detail';
import { messages } from '@/lib/messages';
import { PROJECT_TABS, subPageNumber, type ProjectTab } from '@/lib/project-pages';

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

/** `楼盘动态 - 远洋天著 - 北京找房 - 优居`, `… 第2页 …` on later pages. */
export function projectSubPageMetadata(tab: ProjectTab) {
  const label = PROJECT_TABS.find((t) => t.key === tab)!.label;
  return async (props: ProjectSubPageProps): Promise<Metadata> => {
    const { project, city, page } = await loadProjectSubPage(props);
    const name =
      page > 1
        ? messages.newHome.subPageTitleOnPage(label, project.name, page)
        : messages.newHome.subPageTitle(label, project.name);
    return { title: messages.pageTitle(name, city.cityName) };
  };
}
