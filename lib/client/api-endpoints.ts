import { ApiPath } from '@contracts/paths';
import type { AlertSearchAdd, SavedSearch, SavedSearchList } from '@contracts/alerts';
import type { RecommendsRequest, Suggestion } from '@contracts/search';
import type { AgentPhone, AgentPhoneRequest } from '@contracts/agent';
import type { CityList, Location } from '@contracts/city';
import type { ProjectReview, ReviewAddRequest, ReviewDeleted } from '@contracts/project-review';
import type { LoginResult, SmsCodeResult, UserInfo } from '@contracts/user';
import type { Viewing, ViewingBookRequest } from '@contracts/viewing';
import type { House } from '@contracts/house';
import type { PasswordChange, PasswordChanged, ProfileUpdate } from '@contracts/account';
import type { Entrust, EntrustAddRequest, EntrustCompany, EntrustUpdateRequest } from '@contracts/entrust';
import type { UploadCallbackInput, UploadedPhoto, UploadTicket } from '@contracts/upload';
import type { FollowStatus } from '@contracts/house';
import type { ImHistory, ImSendRequest, ImSendResult, ImThreadList } from '@contracts/im';
import type {
  MapArea,
  MapAreaRequest,
  MapBasemap,
  MapBubbles,
  MapBubblesRequest,
  MapNearby,
  MapChannel,
  MapRecommendsRequest,
  MapSuggestion,
} from '@contracts/map';
import type { MapCommute, MapCommuteRequest } from '@contracts/map-commute';
import { browserCall as call } from './api-call';

interface ListPage<T> {
  total: number;
  page: number;
  pageSize: number;
  list: T[];
}
import { unchecked, type CallContext } from '../api/core';

/**
 * The contract calls made from the browser (search box, login form, logout). They import contract types
 * only, never schemas, so no zod reaches the browser bundle (see AnswerCheck in core.ts).
 */

/** spec §7 location: the visitor's city from their address (the backend sees it through the forward). */
export const fetchLocation = (ctx: CallContext) => call(ctx, ApiPath.location, unchecked<Location | null>(), { method: 'GET' });

/** spec §3 City list: hot cities and all by initial, for the header's city picker. */
export const fetchCities = (ctx: CallContext) => call(ctx, ApiPath.cities, unchecked<CityList>(), { method: 'GET' });

/** 拨打电话: a virtual number of the agent for this device, the click recorded (contracts/agent.ts). */
export const revealAgentPhone = (ctx: CallContext, req: AgentPhoneRequest) =>
  call(ctx, ApiPath.agentPhone, unchecked<AgentPhone>(), { params: req });

export const fetchSuggestions = (ctx: CallContext, req: RecommendsRequest) =>
  call(ctx, ApiPath.recommends, unchecked<Suggestion[]>(), { params: req });

export const sendSmsCode = (ctx: CallContext, mobile: string) =>
  call(ctx, ApiPath.smsCode, unchecked<SmsCodeResult>(), { params: { mobile } });

export const loginBySms = (ctx: CallContext, mobile: string, code: string) =>
  call(ctx, ApiPath.loginBySms, unchecked<LoginResult>(), { params: { mobile, code } });

export const loginByPassword = (ctx: CallContext, mobile: string, password: string) =>
  call(ctx, ApiPath.loginByPassword, unchecked<LoginResult>(), { params: { mobile, password } });

export const logout = (ctx: CallContext) => call(ctx, ApiPath.logout, unchecked<null>());

/** 写点评 (contracts/project-review.ts): session required; the backend's message on a refusal. */
export const addProjectReview = (ctx: CallContext, req: ReviewAddRequest) =>
  call(ctx, ApiPath.projectReviewAdd, unchecked<ProjectReview>(), { params: req });

export const deleteProjectReview = (ctx: CallContext, reviewId: number) =>
  call(ctx, ApiPath.projectReviewDelete, unchecked<ReviewDeleted>(), { params: { reviewId } });

/** 预约看房 (contracts/viewing.ts): session required; the backend's message on a refusal (409 already booked …). */
export const bookViewing = (ctx: CallContext, req: ViewingBookRequest) =>
  call(ctx, ApiPath.viewingBook, unchecked<Viewing>(), { params: req });

export const cancelViewing = (ctx: CallContext, viewingId: number) =>
  call(ctx, ApiPath.viewingCancel, unchecked<Viewing>(), { params: { viewingId } });

/** The personal centre (contracts/account.ts): session required; the backend's message on a refusal. */
export const updateProfile = (ctx: CallContext, req: ProfileUpdate) =>
  call(ctx, ApiPath.accountProfile, unchecked<UserInfo>(), { params: req });

/** An SMS code to the logged-in user's own mobile (the password form). */
export const sendAccountSmsCode = (ctx: CallContext) => call(ctx, ApiPath.accountSmsCode, unchecked<SmsCodeResult>());

export const changePassword = (ctx: CallContext, req: PasswordChange) =>
  call(ctx, ApiPath.accountPassword, unchecked<PasswordChanged>(), { params: req });

/** spec §7 upload, step 1: a PostObject ticket for `uploadSize` keys (contracts/upload.ts); session required. */
export const fetchUploadTicket = (ctx: CallContext, req: { userDir: string; uploadSize: number; applyId?: string }) =>
  call(ctx, ApiPath.ossTicker, unchecked<UploadTicket>(), { method: 'GET', params: req });

/** spec §7 upload, step 3: what was posted; answers the URLs and the card thumbnails. */
export const uploadCallback = (ctx: CallContext, req: UploadCallbackInput) =>
  call(ctx, ApiPath.ossCallback, unchecked<UploadedPhoto[]>(), { params: req });

/** One of the user's own uploads becomes their avatar. */
export const setAvatar = (ctx: CallContext, key: string) =>
  call(ctx, ApiPath.userAvatar, unchecked<{ avatarUrl: string }>(), { params: { key } });

/** 关注 (contracts/house.ts): whether the caller follows the listing and how many do; session required (401 is a visitor). */
export const fetchFollowStatus = (ctx: CallContext, req: { businessType: 1 | 2; listingId: number }) =>
  call(ctx, ApiPath.listingFollowStatus, unchecked<FollowStatus>(), { method: 'GET', params: req });

/** Follow (true) or stop following (false); the backend's answer is the new state. */
export const changeFollow = (ctx: CallContext, req: { businessType: 1 | 2; listingId: number; follow: boolean }) =>
  call(ctx, ApiPath.listingFollow, unchecked<FollowStatus>(), { params: req });

/** 我要卖房 / 我要出租 (contracts/entrust.ts): session required; the backend's message on a refusal (`floor: …`, 409 …). */
export const addEntrust = (ctx: CallContext, req: EntrustAddRequest) =>
  call(ctx, ApiPath.entrustAdd, unchecked<Entrust>(), { params: req });

export const updateEntrust = (ctx: CallContext, req: EntrustUpdateRequest) =>
  call(ctx, ApiPath.entrustUpdate, unchecked<Entrust>(), { params: req });

export const withdrawEntrust = (ctx: CallContext, entrustId: number) =>
  call(ctx, ApiPath.entrustWithdraw, unchecked<Entrust>(), { params: { entrustId } });

/** The brands serving a community, for the form's checkboxes (public). */
export const fetchEntrustBrands = (ctx: CallContext, communityId: number) =>
  call(ctx, ApiPath.entrustCompany, unchecked<EntrustCompany>(), { method: 'GET', params: { communityId } });

/** 卖房管理's 改价 (contracts/house.ts): session required; the backend's message on a refusal (bounds, same price). */
export const changeHousePrice = (ctx: CallContext, entrustId: number, price: number) =>
  call(ctx, ApiPath.housePrice, unchecked<House>(), { params: { entrustId, price } });

/** 卖房管理's 下架: session required. */
export const takeHouseOffline = (ctx: CallContext, entrustId: number) =>
  call(ctx, ApiPath.houseOffline, unchecked<House>(), { params: { entrustId } });

/** 在线咨询 (contracts/im.ts): the chat widget's calls (lib/chat/chat-client.ts); session required. */
/** `userId`: the user the widget shows; the service answers 409 when the session is now another's. */
export const fetchImConversations = (ctx: CallContext, userId: number, agentUserId?: number) =>
  call(ctx, ApiPath.imConversations, unchecked<ImThreadList>(), {
    method: 'GET',
    params: agentUserId === undefined ? { userId } : { agentUserId, userId },
  });
export const fetchImHistory = (ctx: CallContext, userId: number, targetId: number, afterSeq: number, limit: number) =>
  call(ctx, ApiPath.imHistory, unchecked<ImHistory>(), { params: { userId, targetId, afterSeq, limit } });
export const sendImMessage = (ctx: CallContext, req: ImSendRequest) =>
  call(ctx, ApiPath.imMessage, unchecked<ImSendResult>(), { params: req });
export const readImMessages = (ctx: CallContext, readMessages: number[]) =>
  call(ctx, ApiPath.imRead, unchecked<{ count: number }>(), { params: { readMessages } });
export const ackImMessage = (ctx: CallContext, messageId: number) =>
  call(ctx, ApiPath.imReceived, unchecked<{ count: number }>(), { params: { messageId } });
export const logoutIm = (ctx: CallContext) => call(ctx, ApiPath.imLogout, unchecked<{ count: number }>());

/** 地图找房 (contracts/map.ts): the base map, bubbles, map suggestions and the drawn-area search. */
export const fetchMapBasemap = (ctx: CallContext, cityCode: string) =>
  call(ctx, ApiPath.mapBasemap, unchecked<MapBasemap>(), { params: { cityCode } });
export const fetchMapBubbles = (ctx: CallContext, req: MapBubblesRequest) =>
  call(ctx, ApiPath.mapBubbles, unchecked<MapBubbles>(), { params: req });
export const fetchMapRecommends = (ctx: CallContext, req: MapRecommendsRequest) =>
  call(ctx, ApiPath.mapRecommends, unchecked<MapSuggestion[]>(), { params: req });
export const fetchMapNearby = (ctx: CallContext, cityCode: string, lat: number, lng: number) =>
  call(ctx, ApiPath.mapNearby, unchecked<MapNearby>(), { params: { cityCode, lat, lng } });
export const fetchMapArea = (ctx: CallContext, req: MapAreaRequest) =>
  call(ctx, ApiPath.mapArea, unchecked<MapArea>(), { params: req });
export const fetchMapCommute = (ctx: CallContext, req: MapCommuteRequest) =>
  call(ctx, ApiPath.mapCommute, unchecked<MapCommute>(), { params: req });
/** A channel's list page from the browser (the map's side list): the same call as the list page's. */
export const fetchChannelList = <T>(ctx: CallContext, channel: MapChannel, req: Record<string, unknown>) =>
  call(ctx, { esf: ApiPath.esfList, rent: ApiPath.rentList, new: ApiPath.newHomeList }[channel], unchecked<ListPage<T>>(), {
    params: req,
  });
/** A channel's filter rows from the browser (the map's filter bar). */
export const fetchChannelConditions = (ctx: CallContext, channel: MapChannel, cityCode: string) =>
  call(
    ctx,
    { esf: ApiPath.conditionEsf, rent: ApiPath.conditionRent, new: ApiPath.conditionNewHome }[channel],
    unchecked<Record<string, unknown>>(),
    { params: { cityCode } },
  );

/** 订阅 (contracts/alerts.ts): save the list being viewed; session required (401 is a visitor), 409 when saved already or full. */
export const addSavedSearch = (ctx: CallContext, req: AlertSearchAdd) =>
  call(ctx, ApiPath.alertSearchAdd, unchecked<SavedSearch>(), { params: req });

/** 我的订阅: the caller's saved searches. */
export const fetchSavedSearches = (ctx: CallContext) =>
  call(ctx, ApiPath.alertSearches, unchecked<SavedSearchList>(), { method: 'GET' });

/** Pause (true) or resume (false) one's own saved search (also the assistant card's 关闭提醒). */
export const pauseSavedSearch = (ctx: CallContext, req: { savedSearchId: number; paused: boolean }) =>
  call(ctx, ApiPath.alertSearchPause, unchecked<SavedSearch>(), { params: req });

export const deleteSavedSearch = (ctx: CallContext, req: { savedSearchId: number }) =>
  call(ctx, ApiPath.alertSearchDelete, unchecked<{ deleted: boolean }>(), { params: req });

export const seenSavedSearch = (ctx: CallContext, req: { savedSearchId: number }) =>
  call(ctx, ApiPath.alertSearchSeen, unchecked<SavedSearch>(), { params: req });
