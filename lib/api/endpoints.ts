import { z } from 'zod';
import { bottomLinkSchema, cityListSchema, locationSchema, menuSchema } from '@contracts/city';
import { esfConditionsSchema, esfDetailSchema, esfListPageSchema, type EsfListQuery } from '@contracts/esf';
import { homeDataSchema } from '@contracts/home';
import { ApiPath } from '@contracts/paths';
import { suggestionSchema, type RecommendsRequest } from '@contracts/search';
import { loginResultSchema, smsCodeResultSchema, userInfoSchema } from '@contracts/user';
import { call, type CallContext } from './core';

/** One function per contract call (spec §7 and contracts/paths.ts). Answers are parsed with the contract schemas. */

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

export const fetchSuggestions = (ctx: CallContext, req: RecommendsRequest) =>
  call(ctx, ApiPath.recommends, z.array(suggestionSchema), { params: req });

export const fetchEsfList = (ctx: CallContext, query: EsfListQuery) =>
  call(ctx, ApiPath.esfList, esfListPageSchema, { params: query as Record<string, unknown> });

export const fetchEsfDetail = (ctx: CallContext, id: number) =>
  call(ctx, `${ApiPath.esfDetail}/${id}`, esfDetailSchema, { method: 'GET' });

export const sendSmsCode = (ctx: CallContext, mobile: string) => call(ctx, ApiPath.smsCode, smsCodeResultSchema, { params: { mobile } });

export const loginBySms = (ctx: CallContext, mobile: string, code: string) =>
  call(ctx, ApiPath.loginBySms, loginResultSchema, { params: { mobile, code } });

export const loginByPassword = (ctx: CallContext, mobile: string, password: string) =>
  call(ctx, ApiPath.loginByPassword, loginResultSchema, { params: { mobile, password } });

export const logout = (ctx: CallContext) => call(ctx, ApiPath.logout, z.unknown());
