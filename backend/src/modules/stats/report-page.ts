import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ResultCode } from '@contracts/envelope';
import { ApiPath } from '@contracts/paths';
import { statsPageQuerySchema, type StatsReport } from '@contracts/tracking';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';
import { isOpsToken, OPS_CLOSED, OPS_TOKEN_MISSING, OPS_TOKEN_WRONG } from '../../http/ops-guard';
import { addDays, dayOf } from './partitions';
import { statsReport } from './rollup';

/**
 * The operator's report as a page (issue: "a small operator report"): views, contacts and conversion by city and
 * channel, top listings and agents, by promotion code, read from the daily roll-ups like `npm run ops -- stats`.
 *
 * Where it lives, and why: on the backend's own address under /internal.api, which the web never forwards
 * (lib/front/backend-paths.ts), so no city host or the desk can reach it; an operator opens it on the internal
 * address (the same place `npm run ops` talks to). The server checks the operator's token on every request: a
 * browser is asked for it by HTTP Basic (any user name, the password OPS_TOKEN), a script may send the Bearer
 * header as to every other operator route. No cookie is set, so there is no session to steal or forge, and the
 * page is no-store and may not be framed. Closed (403) while OPS_TOKEN is unset.
 */

const REALM = 'Basic realm="youju-ops", charset="UTF-8"';

/** The token a request presents: `Authorization: Bearer <token>` or Basic with the token as password. */
function presented(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer +(\S+) *$/i.exec(header)?.[1];
  if (bearer !== undefined) return bearer;
  const basic = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(header)?.[1];
  if (basic === undefined) return undefined;
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 ? decoded.slice(colon + 1) : undefined;
}

function pageGuard(config: Pick<Config, 'OPS_TOKEN'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = config.OPS_TOKEN;
    if (!token) throw new ApiError(403, ResultCode.FORBIDDEN, OPS_CLOSED);
    const given = presented(request);
    if (given === undefined || !isOpsToken(given, token)) {
      reply.header('www-authenticate', REALM);
      throw new ApiError(401, ResultCode.SESSION_INVALID, given === undefined ? OPS_TOKEN_MISSING : OPS_TOKEN_WRONG);
    }
  };
}

const CHANNEL_WORDS: Record<number, string> = { 0: '其他页面', 1: '二手房', 2: '租房', 3: '新房', 4: '商铺写字楼', 5: '小区' };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
const rate = (contacts: number, views: number) => (views > 0 ? percent(contacts / views) : '–');

/** Counts and rates line up on the right; names on the left. */
const isNumeric = (c: string | number) => typeof c === 'number' || /^(\d+(\.\d+)?%|–)$/.test(c);

function table(caption: string, head: string[], rows: (string | number)[][]): string {
  // A column is numeric when its first row's cell is: its heading is aligned with it.
  const numericColumn = head.map((_, i) => rows[0] !== undefined && isNumeric(rows[0][i] ?? ''));
  const cell = (tag: 'td' | 'th', c: string | number, numeric: boolean) =>
    `<${tag}${numeric ? ' class="n"' : ''}>${escapeHtml(String(c))}</${tag}>`;
  const body = rows.length
    ? rows.map((r) => `<tr>${r.map((c) => cell('td', c, isNumeric(c))).join('')}</tr>`).join('')
    : `<tr><td colspan="${head.length}">无数据</td></tr>`;
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head
    .map((h, i) => cell('th', h, numericColumn[i]!))
    .join('')}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The keyed rows (listings, agents, promotions) with their conversion. */
const keyed = (list: StatsReport['topListings'], label: (key: string) => string) =>
  list.map((x) => [label(x.key), x.views, x.searches, x.contacts, rate(x.contacts, x.views)]);

const listingLabel = (key: string) => {
  const [type, id] = key.split(':');
  return `${CHANNEL_WORDS[Number(type)] ?? type} #${id}`;
};

export function reportHtml(r: StatsReport): string {
  const head = ['', '浏览', '搜索', '联系', '转化率'];
  const byCity = new Map<string, { views: number; contacts: number; searches: number }>();
  for (const c of r.byChannel) {
    const city = byCity.get(c.cityDomain) ?? { views: 0, contacts: 0, searches: 0 };
    city.views += c.views;
    city.contacts += c.contacts;
    city.searches += c.searches;
    byCity.set(c.cityDomain, city);
  }
  const field = (name: string, label: string, value: string, pattern: string) =>
    `<label>${label} <input name="${name}" value="${escapeHtml(value)}" pattern="${pattern}" size="10"></label>`;
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>优居 运营报表 ${escapeHtml(r.from)} – ${escapeHtml(r.to)}</title>
<meta name="robots" content="noindex">
<style>
body{font:14px/1.5 system-ui,"Noto Sans CJK SC",sans-serif;margin:24px auto;max-width:1180px;color:#222;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}.sub{color:#666;margin:0 0 16px}
form{display:flex;gap:14px;align-items:center;margin:0 0 18px;flex-wrap:wrap}input{font:inherit;padding:3px 6px}
button{font:inherit;padding:4px 14px;background:#1f6f54;color:#fff;border:0;border-radius:3px}
.totals{display:flex;gap:16px;margin:0 0 20px}.totals div{border:1px solid #dde;border-radius:4px;padding:10px 18px;min-width:130px}
.totals strong{display:block;font-size:24px}.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(360px,1fr));gap:24px 20px;align-items:start}
table{border-collapse:collapse;width:100%}caption{text-align:left;font-weight:600;padding:4px 0}
th,td{border-bottom:1px solid #e6e6ea;padding:4px 8px;text-align:left}th{background:#f4f6f8;white-space:nowrap}.n{text-align:right;font-variant-numeric:tabular-nums}
</style></head><body>
<h1>优居 运营报表</h1>
<p class="sub">${escapeHtml(r.from)} 至 ${escapeHtml(r.to)}（北京时间，含首尾）· ${r.cityDomain ? `城市 ${escapeHtml(r.cityDomain)}` : '全部城市'} · 数据来自每日汇总（tracking_daily），当天的数字每小时更新</p>
<p class="sub">${escapeHtml(r.counting)}</p>
<form method="get">
${field('from', '开始', r.from, '\\d{4}-\\d{2}-\\d{2}')}
${field('to', '结束', r.to, '\\d{4}-\\d{2}-\\d{2}')}
${field('cityDomain', '城市', r.cityDomain ?? '', '[a-z]{0,12}')}
<button type="submit">查询</button>
</form>
<div class="totals">
<div><strong>${r.totals.views}</strong>浏览</div>
<div><strong>${r.totals.searches}</strong>搜索</div>
<div><strong>${r.totals.contacts}</strong>联系（拨打电话、在线咨询、预约看房）</div>
<div><strong>${rate(r.totals.contacts, r.totals.views)}</strong>转化率（联系 ÷ 浏览）</div>
</div>
<div class="grid">
${table(
  '按城市',
  ['城市', '浏览', '搜索', '联系', '转化率'],
  [...byCity].map(([city, c]) => [city || '（无城市）', c.views, c.searches, c.contacts, rate(c.contacts, c.views)]),
)}
${table(
  '按城市和频道',
  ['城市', '频道', '浏览', '联系', '转化率'],
  r.byChannel.map((c) => [
    c.cityDomain || '（无城市）',
    CHANNEL_WORDS[c.businessType] ?? String(c.businessType),
    c.views,
    c.contacts,
    percent(c.conversion),
  ]),
)}
${table('热门房源（按联系、浏览）', ['房源', ...head.slice(1)], keyed(r.topListings, listingLabel))}
${table(
  '经纪人（按联系）',
  ['经纪人', ...head.slice(1)],
  keyed(r.topAgents, (k) => `#${k}`),
)}
${table(
  '推广码（_f / _pc）',
  ['来源/推广码', ...head.slice(1)],
  keyed(r.byPromotion, (k) => k),
)}
${table(
  '热门页面',
  ['页面', ...head.slice(1)],
  keyed(r.topPages, (k) => k),
)}
</div>
</body></html>`;
}

export function registerStatsPage(app: FastifyInstance, db: Db, config: Config): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    ApiPath.opsStatsPage,
    {
      onRequest: pageGuard(config),
      schema: {
        summary:
          'Operator: the tracking report as an HTML page (HTTP Basic with the password OPS_TOKEN, or Authorization: Bearer <OPS_TOKEN>); days default to the last 7',
        tags: ['ops'],
        querystring: statsPageQuerySchema,
      },
    },
    async (request, reply) => {
      const today = dayOf(Date.now());
      const to = request.query.to ?? today;
      const from = request.query.from ?? addDays(to, -6);
      if (from > to) throw new ApiError(400, ResultCode.BAD_REQUEST, '开始日期不能晚于结束日期');
      const cityDomain = request.query.cityDomain || undefined;
      const report = await statsReport(db, { from, to, top: request.query.top, ...(cityDomain ? { cityDomain } : {}) });
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-frame-options', 'DENY')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
        )
        .send(reportHtml(report));
    },
  );
}
