import 'server-only';
import { CHANNELS, channelIsOn } from '@contracts/channels';
import type { City } from '@contracts/city';
import type { CommercialChannel, CommercialDetail } from '@contracts/commercial';
import type { EsfDetail } from '@contracts/esf';
import type { EstateDetail } from '@contracts/estate';
import type { NewHomeDetail } from '@contracts/new-home';
import type { PriceCuts, PriceHistory } from '@contracts/price-history';
import type { ReviewPage } from '@contracts/project-review';
import type { RentDetail } from '@contracts/rent';
import {
  fetchCommercialDetail,
  fetchCommercialSimilar,
  fetchEsfDetail,
  fetchEsfSimilar,
  fetchEstateDetail,
  fetchEstateSimilar,
  fetchNewHomeSimilar,
  fetchPriceCuts,
  fetchPriceHistory,
  fetchProjectReviews,
  fetchRentDetail,
  fetchRentSimilar,
} from '@/lib/api/endpoints';
import {
  commercialSimilarItems,
  esfSimilarItems,
  estateSimilarItems,
  projectSimilarItems,
  rentSimilarItems,
  type SimilarItem,
} from '@/lib/listing/similar-items';
import { orNull, publicContext } from '@/lib/server/api';
import { channelDetail, type DetailPageProps } from '@/lib/server/channel-detail';
import { projectDetail } from '@/lib/server/project-detail';
import type { Seo } from '@/lib/server/seo';

/**
 * What each channel's detail page loads, whatever front draws it: the listing and its city (channelDetail: the 404
 * page for a bad id, an unknown listing, another city's, a channel the city lacks), what the page tells crawlers, and
 * the blocks beside it. A block's call that fails leaves it `null`: the page stands without it.
 */
export interface DetailPageData<D> {
  detail: D;
  city: City;
  seo: Seo;
  /** 相似房源 (小区, 楼盘) as the block shows them. */
  similar: SimilarItem[] | null;
}

export const esfDetail = channelDetail(CHANNELS.esf, fetchEsfDetail);
export const rentDetail = channelDetail(CHANNELS.rent, fetchRentDetail);
// A community's page title is its name (channelDetail titles a page by `title`).
export const estateDetail = channelDetail(CHANNELS.estate, async (ctx, id) => {
  const d = await fetchEstateDetail(ctx, id);
  return { ...d, title: d.name };
});

/** 二手房: with its 调价记录. */
export async function loadEsfDetailPage(
  props: DetailPageProps,
): Promise<DetailPageData<EsfDetail> & { history: PriceHistory | null }> {
  const { detail, city } = await esfDetail.load(props);
  const seo = await esfDetail.seo(props);
  const ctx = await publicContext();
  const [similar, history] = await Promise.all([
    orNull(fetchEsfSimilar(ctx, detail.id)),
    orNull(fetchPriceHistory(ctx, 'esf', detail.id)),
  ]);
  return { detail, city, seo, similar: similar && esfSimilarItems(similar.list), history };
}

/** 租房: with its 调价记录. */
export async function loadRentDetailPage(
  props: DetailPageProps,
): Promise<DetailPageData<RentDetail> & { history: PriceHistory | null }> {
  const { detail, city } = await rentDetail.load(props);
  const seo = await rentDetail.seo(props);
  const ctx = await publicContext();
  const [similar, history] = await Promise.all([
    orNull(fetchRentSimilar(ctx, detail.id)),
    orNull(fetchPriceHistory(ctx, 'rent', detail.id)),
  ]);
  return { detail, city, seo, similar: similar && rentSimilarItems(similar.list), history };
}

/** 小区: with 近期降价 of its homes for sale, and whether the city lets homes (its 在租 block). */
export async function loadEstateDetailPage(
  props: DetailPageProps,
): Promise<DetailPageData<EstateDetail & { title: string }> & { cuts: PriceCuts['list'] | null; hasRentals: boolean }> {
  const { detail, city } = await estateDetail.load(props);
  const seo = await estateDetail.seo(props);
  const ctx = await publicContext();
  const [similar, cuts] = await Promise.all([orNull(fetchEstateSimilar(ctx, detail.id)), orNull(fetchPriceCuts(ctx, detail.id))]);
  return {
    detail,
    city,
    seo,
    similar: similar && estateSimilarItems(similar.list),
    cuts: cuts?.list ?? null,
    hasRentals: channelIsOn(city, 'rent'),
  };
}

/** 新房 (the project's home page): with its 点评 block (the summary and the newest). */
export async function loadProjectDetailPage(
  props: DetailPageProps,
): Promise<Omit<DetailPageData<NewHomeDetail & { title: string }>, 'seo'> & { reviews: ReviewPage | null }> {
  const { detail, city } = await projectDetail.load(props);
  const ctx = await publicContext();
  const [reviews, similar] = await Promise.all([
    orNull(fetchProjectReviews(ctx, detail.id)),
    orNull(fetchNewHomeSimilar(ctx, detail.id)),
  ]);
  return { detail, city, similar: similar && projectSimilarItems(similar.list), reviews };
}

/**
 * A 商铺 or 写字楼 channel's detail loader (a unit of the other deal is the 404 page too: channelDetail), made once per
 * route module.
 */
export function commercialDetailLoader(code: CommercialChannel) {
  const route = channelDetail(CHANNELS[code], fetchCommercialDetail(code));
  async function load(props: DetailPageProps): Promise<DetailPageData<CommercialDetail> & { history: PriceHistory | null }> {
    const { detail, city } = await route.load(props);
    const seo = await route.seo(props);
    const ctx = await publicContext();
    const [similar, history] = await Promise.all([
      orNull(fetchCommercialSimilar(code)(ctx, detail.id)),
      orNull(fetchPriceHistory(ctx, code, detail.id)),
    ]);
    return { detail, city, seo, similar: similar && commercialSimilarItems(code, similar.list), history };
  }
  return { generateMetadata: route.generateMetadata, load };
}
