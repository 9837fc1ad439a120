import { z } from 'zod';
import { savedSearchListSchema } from '@contracts/alerts';
import { agentProfileSchema } from '@contracts/agent';
import { bottomLinkSchema, cityListSchema, locationSchema, menuSchema } from '@contracts/city';
import type { ChannelCode } from '@contracts/constants';
import { dictionarySchema } from '@contracts/dictionary';
import {
  COMMERCIAL_PATHS,
  COMMERCIAL_SCHEMAS,
  commercialConditionsSchema,
  type CommercialChannel,
  type CommercialDetail,
  type CommercialListItem,
  type CommercialListPage,
} from '@contracts/commercial';
import { esfConditionsSchema, esfDetailSchema, esfListPageSchema, esfSimilarSchema } from '@contracts/esf';
import { estateConditionsSchema, estateDetailSchema, estateListPageSchema, estateSimilarSchema } from '@contracts/estate';
import { homeDataSchema } from '@contracts/home';
import { lookhouseResultSchema, type LookhouseRequest } from '@contracts/lookhouse';
import { priceCutsSchema, priceHistorySchema, type PriceHistoryChannel } from '@contracts/price-history';
import { newHomeConditionsSchema, newHomeDetailSchema, newHomeListPageSchema, newHomeSimilarSchema } from '@contracts/new-home';
import { myReviewSchema, reviewPageSchema } from '@contracts/project-review';
import { projectAroundSchema, projectNewsPageSchema } from '@contracts/project-pages';
import { articleSchema, newsListPageSchema, type NewsCategory } from '@contracts/news';
import { rentConditionsSchema, rentDetailSchema, rentListPageSchema, rentSimilarSchema } from '@contracts/rent';
import { ApiPath } from '@contracts/paths';
import { suggestionSchema, type RecommendsRequest } from '@contracts/search';
import { userInfoSchema } from '@contracts/user';
import { viewingPageSchema, type ViewingBusinessType } from '@contracts/viewing';
import { housePageSchema } from '@contracts/house';
import { accountSchema } from '@contracts/account';
import { entrustCompanySchema, entrustPageSchema, entrustSchema, type EntrustBusinessType } from '@contracts/entrust';
import type { ListRequest } from '@/lib/search-path';
import { call } from './call';
import type { AnswerCheck, CallContext } from './core';

/**
 * One function per contract call the web server makes (spec §7 and contracts/paths.ts), answers parsed with
 * the contract schemas. Calls made from the browser are in browser-endpoints.ts.
 */

/** Cached calls are GETs (spec §7 "Cached GET endpoints"); the rest are POSTs with a JSON body. */
export const fetchLocation = (ctx: CallContext) => call(ctx, ApiPath.location, locationSchema, { method: 'GET' });

export const fetchCities = (ctx: CallContext) => call(ctx, ApiPath.cities, cityListSchema, { method: 'GET' });

export const fetchMenus = (ctx: CallContext, cityCode: string) =>
  call(ctx, ApiPath.menuIcon, z.array(menuSchema), { method: 'GET', params: { cityCode, parentId: 0, platform: 0 } });

export const fetchBottomLinks = (ctx: CallContext, cityCode?: string) =>
  call(ctx, ApiPath.pcBottomLink, bottomLinkSchema, { method: 'GET', params: cityCode ? { cityCode } : {} });

export const fetchHome = (ctx: CallContext, cityCode: string) =>
  call(ctx, ApiPath.index, homeDataSchema, { method: 'GET', params: { cityCode } });

export const fetchEsfConditions = (ctx: CallContext, cityCode: string) =>
  call(ctx, ApiPath.conditionEsf, esfConditionsSchema, { method: 'GET', params: { cityCode } });

export const fetchUserInfo = (ctx: CallContext) => call(ctx, ApiPath.userInfo, userInfoSchema);

/** The personal centre's account: the user and whether a password is set (needs serverContext). */
export const fetchAccount = (ctx: CallContext) => call(ctx, ApiPath.account, accountSchema);

/** The request comes from the path codec (toListQuery); the backend checks it against esfListQuerySchema. */
export const fetchEsfList = (ctx: CallContext, query: ListRequest<'esf'>) =>
  call(ctx, ApiPath.esfList, esfListPageSchema, { params: query });

export const fetchEsfDetail = (ctx: CallContext, id: number) =>
  call(ctx, `${ApiPath.esfDetail}/${id}`, esfDetailSchema, { method: 'GET' });

/** 相似房源 of a home (components/detail/similar-homes.tsx). */
export const fetchEsfSimilar = (ctx: CallContext, id: number) =>
  call(ctx, `${ApiPath.esfSimilar}/${id}`, esfSimilarSchema, { method: 'GET' });

/** 调价记录 of a 二手房, 租房, 商铺 or 写字楼 listing (contracts/price-history.ts). */
export const fetchPriceHistory = (ctx: CallContext, channelCode: PriceHistoryChannel, id: number) =>
  call(ctx, ApiPath.priceHistory, priceHistorySchema, { method: 'GET', params: { channelCode, id } });

/** 帮我找房: listings ranked by a questionnaire's answers (contracts/lookhouse.ts). */
export const fetchLookhouse = (ctx: CallContext, request: LookhouseRequest) =>
  call(ctx, ApiPath.lookhouse, lookhouseResultSchema, { params: request });

/** 近期降价 of a community's 二手房 (contracts/price-history.ts). */
export const fetchPriceCuts = (ctx: CallContext, estateId: number) =>
  call(ctx, ApiPath.priceCuts, priceCutsSchema, { method: 'GET', params: { estateId } });

export const fetchRentConditions = (ctx: CallContext, cityCode: string) =>
  call(ctx, ApiPath.conditionRent, rentConditionsSchema, { method: 'GET', params: { cityCode } });

/** The request comes from the path codec (toListQuery); the backend checks it against rentListQuerySchema. */
export const fetchRentList = (ctx: CallContext, query: ListRequest<'rent'>) =>
  call(ctx, ApiPath.rentList, rentListPageSchema, { params: query });

export const fetchRentDetail = (ctx: CallContext, id: number) =>
  call(ctx, `${ApiPath.rentDetail}/${id}`, rentDetailSchema, { method: 'GET' });

/** 相似房源 of a rental (components/detail/similar-homes.tsx). */
export const fetchRentSimilar = (ctx: CallContext, id: number) =>
  call(ctx, `${ApiPath.rentSimilar}/${id}`, rentSimilarSchema, { method: 'GET' });

export const fetchNewHomeConditions = (ctx: CallContext, cityCode: string) =>
  call(ctx, ApiPath.conditionNewHome, newHomeConditionsSchema, { method: 'GET', params: { cityCode } });

/** The request comes from the path codec (toListQuery); the backend checks it against newHomeListQuerySchema (10 a page). */
export const fetchNewHomeList = (ctx: CallContext, query: ListRequest<'new'>) =>
  call(ctx, ApiPath.newHomeList, newHomeListPageSchema, { params: query });

export const fetchNewHomeDetail = (ctx: CallContext, id: number) =>
  call(ctx, `${ApiPath.newHomeDetail}/${id}`, newHomeDetailSchema, { method: 'GET' });
/** 楼盘点评: a page of a project's reviews with the summary (public: nothing of the visitor). */
export const fetchProjectReviews = (ctx: CallContext, projectId: number, page = 1) =>
  call(ctx, ApiPath.projectReviews, reviewPageSchema, { method: 'GET', params: { projectId, page } });

/** 相似楼盘 of a project (components/detail/similar-listings.tsx). */
export const fetchNewHomeSimilar = (ctx: CallContext, id: number) =>
  call(ctx, `${ApiPath.newHomeSimilar}/${id}`, newHomeSimilarSchema, { method: 'GET' });

/** The logged-in visitor's review of a project, or null (the write page; needs serverContext). */
/** 看房记录: the caller's bookings of one channel (session). */
export const fetchMyViewings = (ctx: CallContext, businessType: ViewingBusinessType, page: number) =>
  call(ctx, ApiPath.viewingMine, viewingPageSchema, { params: { businessType, page } });

/** 卖房管理 / 租房管理: the caller's published homes of one channel with their counts (session). */
export const fetchMyHouses = (ctx: CallContext, businessType: 1 | 2, page: number) =>
  call(ctx, ApiPath.houseMine, housePageSchema, { params: { businessType, page } });

export const fetchMyReview = (ctx: CallContext, projectId: number) =>
  call(ctx, ApiPath.projectReviewMine, myReviewSchema, { params: { projectId } });

/** A project's news (楼盘动态), 10 a page, newest first. */
export const fetchProjectNews = (ctx: CallContext, projectId: number, page: number) =>
  call(ctx, ApiPath.projectNews, projectNewsPageSchema, { method: 'GET', params: { projectId, page } });
/** 资讯: a city's articles of a category (or of all), newest first. Never kept by the answer cache: a published article shows at once. */
export const fetchNewsList = (
  ctx: CallContext,
  query: { cityCode: string; category?: NewsCategory; page?: number; pageSize?: number },
) => call(ctx, ApiPath.newsList, newsListPageSchema, { method: 'GET', params: query });
/** An article with its cards and related articles. */
export const fetchArticle = (ctx: CallContext, id: number) =>
  call(ctx, `${ApiPath.newsDetail}/${id}`, articleSchema, { method: 'GET' });
/** What is within 3 km of a project (周边). */
export const fetchProjectAround = (ctx: CallContext, projectId: number) =>
  call(ctx, ApiPath.projectAround, projectAroundSchema, { method: 'GET', params: { projectId } });
export const fetchEstateConditions = (ctx: CallContext, cityCode: string) =>
  call(ctx, ApiPath.conditionEstate, estateConditionsSchema, { method: 'GET', params: { cityCode } });

/** The request comes from the path codec (toListQuery); the backend checks it against estateListQuerySchema. */
export const fetchEstateList = (ctx: CallContext, query: ListRequest<'estate'>) =>
  call(ctx, ApiPath.estateList, estateListPageSchema, { params: query });

export const fetchEstateDetail = (ctx: CallContext, id: number) =>
  call(ctx, `${ApiPath.estateDetail}/${id}`, estateDetailSchema, { method: 'GET' });
/** A channel's places of a city by initial letter (its /dictionary page); cached like the conditions. */
export const fetchDictionary = (ctx: CallContext, cityCode: string, channelCode: ChannelCode) =>
  call(ctx, ApiPath.dictionary, dictionarySchema, { method: 'GET', params: { cityCode, channelCode } });
/** A channel's suggestions for a keyword, as the search box gets them (an empty list's similar searches). */
export const fetchSuggestions = (ctx: CallContext, req: RecommendsRequest) =>
  call(ctx, ApiPath.recommends, z.array(suggestionSchema), { method: 'GET', params: req });
/** 商铺 and 写字楼: the calls of one of the four channels (contracts/commercial.ts), answers parsed with its own schemas. */
export const fetchCommercialConditions = (code: CommercialChannel) => (ctx: CallContext, cityCode: string) =>
  call(ctx, COMMERCIAL_PATHS[code].conditions, commercialConditionsSchema, { method: 'GET', params: { cityCode } });

/** 相似小区 of a community (components/detail/similar-listings.tsx). */
export const fetchEstateSimilar = (ctx: CallContext, id: number) =>
  call(ctx, `${ApiPath.estateSimilar}/${id}`, estateSimilarSchema, { method: 'GET' });

/** The request comes from the path codec (toListQuery); the backend checks it against commercialListQueryOf(code). */
export const fetchCommercialList = (code: CommercialChannel) => {
  const check: AnswerCheck<CommercialListPage> = COMMERCIAL_SCHEMAS[code].page;
  return (ctx: CallContext, query: ListRequest<CommercialChannel>) =>
    call(ctx, COMMERCIAL_PATHS[code].list, check, { params: query });
};

export const fetchCommercialDetail = (code: CommercialChannel) => {
  const check: AnswerCheck<CommercialDetail> = COMMERCIAL_SCHEMAS[code].detail;
  return (ctx: CallContext, id: number) => call(ctx, `${COMMERCIAL_PATHS[code].detail}/${id}`, check, { method: 'GET' });
};

/** 相似房源 of a 商铺 or 写字楼 unit (components/detail/similar-listings.tsx). */
export const fetchCommercialSimilar = (code: CommercialChannel) => {
  const check: AnswerCheck<{ list: CommercialListItem[] }> = COMMERCIAL_SCHEMAS[code].similar;
  return (ctx: CallContext, id: number) => call(ctx, `${COMMERCIAL_PATHS[code].similar}/${id}`, check, { method: 'GET' });
};

/** An agent's page (contracts/agent.ts): the card with service area, years and counts; never the mobile. */
export const fetchAgent = (ctx: CallContext, id: number) =>
  call(ctx, `${ApiPath.agentDetail}/${id}`, agentProfileSchema, { method: 'GET' });
/** One page of an agent's second-hand homes / rentals, newest first (10 a page). */
export const fetchAgentEsf = (ctx: CallContext, agentId: number, page: number) =>
  call(ctx, ApiPath.agentEsf, esfListPageSchema, { method: 'GET', params: { agentId, page } });
export const fetchAgentRent = (ctx: CallContext, agentId: number, page: number) =>
  call(ctx, ApiPath.agentRent, rentListPageSchema, { method: 'GET', params: { agentId, page } });

/** 委托管理: the caller's entrusts, of one business type or both (session). */
export const fetchMyEntrusts = (ctx: CallContext, businessType: EntrustBusinessType | undefined, page: number) =>
  call(ctx, ApiPath.entrustMine, entrustPageSchema, { params: businessType ? { businessType, page } : { page } });

/** One of the caller's own entrusts, for the edit form (session); another user's is a 404. */
export const fetchEntrust = (ctx: CallContext, entrustId: number) =>
  call(ctx, ApiPath.entrustDetail, entrustSchema, { params: { entrustId } });

/** The brands serving a community (public). */
export const fetchEntrustCompany = (ctx: CallContext, communityId: number) =>
  call(ctx, ApiPath.entrustCompany, entrustCompanySchema, { params: { communityId } });

/** 我的订阅 (contracts/alerts.ts): the caller's saved searches with their new homes (session). */
export const fetchSavedSearches = (ctx: CallContext) =>
  call(ctx, ApiPath.alertSearches, savedSearchListSchema, { method: 'GET' });
