/**
 * `npm run ops -- listing price <channel> <id> <price>`: an operator changes a listing through the backend's
 * operator API (docs/operations.md), which announces the change to the web's page caches at once.
 * `npm run ops -- agent status <id> <1|2|3>`: an operator changes an agent's status (spec §3) the same way.
 * `npm run ops -- agent desk-token <id> [days]`: issues the agent's 经纪人工作台 token (shown once; revokes earlier ones).
 * `npm run ops -- viewing confirm|done <id>`: an operator confirms or completes a viewing (预约看房).
 * `npm run ops -- uploads cleanup`: deletes posted objects that no callback named (docs/operations.md).
 * `npm run ops -- entrust accept <id> [brandId] [--override "<reason>"]` / `entrust sold <id>`: an operator publishes
 * an owner's entrust as a listing (spec §6: agents cannot log in), past the area/price bounds only with a reason
 * that the backend records, or marks a published one sold (spec §6: agents cannot log in, so an operator decides).
 * `npm run ops -- stats [from] [to] [--city <domain>]`: the tracking report over the daily roll-ups (docs/operations.md);
 * `npm run ops -- stats rollup [day]`: writes buffered events, keeps the day partitions and rolls up today (and day) now.
 * `npm run ops -- news add <file.json>` / `news edit <id> <file.json>` / `news takedown <id>`: an operator publishes,
 * edits or takes down a 资讯 article (contracts/news.ts opsArticleSchema: the JSON file holds its fields); its pages and
 * the home's block follow through the change feed at once.
 * Reads BACKEND_URL (default http://127.0.0.1:${BACKEND_PORT:-4000}, as `npm start` does) and OPS_TOKEN (the
 * backend's). Prints the result, or the backend's message; exits 0 on success, 1 when the call failed, 2 on a
 * usage error.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { homeChannelOf } from '@contracts/channel-sections';
import { OPS_LISTING_CHANNELS, type OpsAgentResult, type OpsListingResult } from '@contracts/ops';
import type { OpsDeskTokenResult } from '@contracts/im';
import { ApiPath } from '@contracts/paths';
import type { UploadsCleanupResult } from '@contracts/upload';
import type { OpsViewingResult } from '@contracts/viewing';
import { ENTRUST_STATUS_NAMES, type OpsEntrustResult } from '@contracts/entrust';
import type { StatsMaintenance, StatsReport } from '@contracts/tracking';
import type { OpsArticleResult } from '@contracts/news';

export const USAGE = `usage: npm run ops -- listing price <channel> <id> <price>
       npm run ops -- agent status <id> <1|2|3>
       npm run ops -- agent desk-token <id> [days]
       npm run ops -- viewing confirm|done <id>
       npm run ops -- uploads cleanup
       npm run ops -- entrust accept <id> [brandId] [--override "<reason>"]
       npm run ops -- entrust sold <id>
       npm run ops -- stats [from] [to] [--city <domain>]
       npm run ops -- stats rollup [day]
       npm run ops -- news add <file.json>
       npm run ops -- news edit <id> <file.json>
       npm run ops -- news takedown <id>
  channel: ${OPS_LISTING_CHANNELS.join(' | ')}
  price:   esf and shop/office sale total in 万元; rent and shop/office rent in 元/月; new average in 元/㎡
  status:  1 available, 2 left the job, 3 cannot be contacted
  days:    how long a desk token is valid, 1–90 (default 30); a new token revokes the agent's earlier ones
  entrust: accept publishes a 审核中 entrust with an agent of brandId (default: the first entrusted brand with one);
           an entrust outside the bounds (area, price, price per ㎡ against the community's reference) is refused
           unless --override gives the reason, which is recorded with the entrust (entrust_overrides);
           sold marks a 已发布 one 已成交 and takes its listing off the site
  stats:   visitors who viewed, searched and contacted, from the daily roll-ups, days YYYY-MM-DD inclusive (default:
           today, Asia/Shanghai); rollup brings today's roll-up up to date now instead of at the next hour
  news:    the JSON file holds the article: category (loushikuaixun | shichangzhengce | loupingdaogou |
           zhishifenxiang), title, summary, body (blank-line blocks, "## " a heading, "- " list lines), author, and
           optionally cityCode (absent or null: every city), coverUrl (a same-site path), tags, mentions
           ([{"kind": "esf" | "rent" | "new" | "estate", "id": 12}]); edit sends only the fields the file names;
           a published article is on its category page at once; takedown removes it from every page
environment: BACKEND_URL (default http://127.0.0.1:4000), OPS_TOKEN (required, the backend's)`;

/** Where the command writes, and how it reaches the backend: the process's own, or a test's. */
export interface OpsIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  fetch: typeof fetch;
  /** Reads an article's JSON file (`news add`); the process's file system by default. */
  readFile?: (file: string) => string;
}

/** How long the backend may take before the command gives up. */
const TIMEOUT_MS = 10_000;

class UsageError extends Error {}

/** A call of the operator API: where it goes and what it sends. */
type Command =
  | { kind: 'listing'; path: string; body: { price: number } }
  | { kind: 'agent'; path: string; body: { status: number } }
  | { kind: 'desk'; path: string; body: { agentId: number; days?: number } }
  | { kind: 'viewing'; path: string; body: { action: string } }
  | { kind: 'uploads'; path: string; body: Record<string, never> }
  | { kind: 'entrust'; path: string; body: { action: string; brandId?: number; override?: string } }
  | { kind: 'stats'; path: string; body: { from: string; to: string; cityDomain?: string } }
  | { kind: 'maintain'; path: string; body: { day?: string } }
  | { kind: 'news'; path: string; body: unknown };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Today in Asia/Shanghai, the portal's day (backend modules/stats/partitions.ts). */
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** `stats [from] [to] [--city <domain>]` or `stats rollup [day]`. */
function parseStatsCommand(all: string[]): Command {
  if (all[1] === 'rollup') {
    const [, , day, ...rest] = all;
    if (rest.length > 0 || (day !== undefined && !DAY.test(day))) throw new UsageError('stats rollup takes [day] as YYYY-MM-DD');
    return { kind: 'maintain', path: ApiPath.opsStatsMaintain, body: day ? { day } : {} };
  }
  const at = all.indexOf('--city');
  const city = at === -1 ? undefined : all[at + 1];
  if (at !== -1 && (city === undefined || !/^[a-z]{1,12}$/.test(city)))
    throw new UsageError('--city takes a city domain: --city bj');
  const args = at === -1 ? all : [...all.slice(0, at), ...all.slice(at + 2)];
  const [, from = today(), to = from, ...rest] = args;
  if (rest.length > 0 || !DAY.test(from) || !DAY.test(to)) throw new UsageError('stats takes [from] [to] as YYYY-MM-DD');
  return { kind: 'stats', path: ApiPath.opsStats, body: { from, to, ...(city ? { cityDomain: city } : {}) } };
}

const CHANNEL_WORDS: Record<number, string> = { 0: '其他页面', 1: '二手房', 2: '租房', 3: '新房', 4: '商铺写字楼', 5: '小区' };
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

function describeStats(r: StatsReport): string[] {
  const rows = (title: string, list: StatsReport['topListings']) => [
    `${title}:`,
    ...(list.length
      ? list.map((x) => `  ${x.key.padEnd(24)} ${x.views} views  ${x.searches} searches  ${x.contacts} contacts`)
      : ['  (none)']),
  ];
  return [
    `tracking ${r.from} – ${r.to}${r.cityDomain ? ` (${r.cityDomain})` : ''}: ${r.totals.views} views, ${r.totals.searches} searches, ${r.totals.contacts} contacts`,
    r.counting,
    'by city and channel:',
    ...(r.byChannel.length
      ? r.byChannel.map(
          (c) =>
            `  ${(c.cityDomain || '-').padEnd(6)} ${(CHANNEL_WORDS[c.businessType] ?? String(c.businessType)).padEnd(6)} ${c.views} views  ${c.contacts} contacts  ${percent(c.conversion)}`,
        )
      : ['  (none)']),
    ...rows('top listings (businessType:id)', r.topListings),
    ...rows('top agents', r.topAgents),
    ...rows('top pages', r.topPages),
    ...rows('by promotion (_f/_pc)', r.byPromotion),
  ];
}

function describeMaintenance(r: StatsMaintenance): string[] {
  return [
    `partitions made: ${r.created.join(' ')}`,
    `partitions dropped: ${r.dropped.length ? r.dropped.join(' ') : '(none)'}`,
    `rolled up: ${r.rolledUp.join(' ')}`,
    `roll-ups dropped: ${r.rollUpsDropped.length ? r.rollUpsDropped.join(' ') : '(none)'}`,
  ];
}

/** An article's fields from the operator's JSON file; the backend checks them (opsArticleSchema). */
function readArticleFile(file: string, readFile: (file: string) => string): unknown {
  let text: string;
  try {
    text = readFile(file);
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new UsageError(`${file} is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** `news add <file.json>`, `news edit <id> <file.json>`, `news takedown <id>`. */
function parseNewsCommand(args: string[], readFile: (file: string) => string): Command {
  const [, action, ...rest] = args;
  if (action === 'add') {
    if (rest.length !== 1) throw new UsageError('news add takes <file.json>');
    return { kind: 'news', path: ApiPath.opsNews, body: readArticleFile(rest[0]!, readFile) };
  }
  if (action === 'edit' || action === 'takedown') {
    const [idText, file, ...more] = rest;
    const wanted = action === 'edit' ? 'news edit takes <id> <file.json>' : 'news takedown takes <id>';
    if (idText === undefined || more.length > 0 || (action === 'edit') !== (file !== undefined)) throw new UsageError(wanted);
    if (!ID.test(idText)) throw new UsageError(`id must be a positive integer: ${idText}`);
    return action === 'edit'
      ? { kind: 'news', path: `${ApiPath.opsNews}/${Number(idText)}`, body: readArticleFile(file!, readFile) }
      : { kind: 'news', path: `${ApiPath.opsNews}/${Number(idText)}/takedown`, body: {} };
  }
  throw new UsageError(`unknown news action: ${action ?? '(none)'}`);
}

/** `uploads cleanup`: the orphan clean-up now, instead of at the backend's next interval. */
function parseUploadsCommand(args: string[]): Command {
  const [, action, ...rest] = args;
  if (action !== 'cleanup') throw new UsageError(`unknown uploads action: ${action ?? '(none)'}`);
  if (rest.length > 0) throw new UsageError('uploads cleanup takes no arguments');
  return { kind: 'uploads', path: ApiPath.opsUploadsCleanup, body: {} };
}

const ID = /^[1-9]\d{0,9}$/;

/**
 * `entrust accept <id> [brandId] [--override "<reason>"]` (审核中 → 已发布) or `entrust sold <id>` (已发布 →
 * 已成交). The reason is one argument (quote it); the backend checks its length.
 */
function parseEntrustCommand(all: string[]): Command {
  const at = all.indexOf('--override');
  const reason = at === -1 ? undefined : all[at + 1];
  if (at !== -1 && (reason === undefined || reason.trim() === ''))
    throw new UsageError('--override takes a reason: --override "<reason>"');
  const args = at === -1 ? all : [...all.slice(0, at), ...all.slice(at + 2)];
  const [, action, idText, brandText, ...rest] = args;
  if (reason !== undefined && action !== 'accept') throw new UsageError('--override is for entrust accept only');
  if (action !== 'accept' && action !== 'sold') throw new UsageError(`unknown entrust action: ${action ?? '(none)'}`);
  if (idText === undefined || rest.length > 0 || (action === 'sold' && brandText !== undefined)) {
    throw new UsageError(action === 'accept' ? 'entrust accept takes <id> [brandId]' : 'entrust sold takes <id>');
  }
  if (!ID.test(idText)) throw new UsageError(`id must be a positive integer: ${idText}`);
  if (brandText !== undefined && !ID.test(brandText)) throw new UsageError(`brandId must be a positive integer: ${brandText}`);
  const body = {
    action,
    ...(brandText === undefined ? {} : { brandId: Number(brandText) }),
    ...(reason === undefined ? {} : { override: reason }),
  };
  return { kind: 'entrust', path: `${ApiPath.opsEntrust}/${Number(idText)}`, body };
}

/** `viewing confirm <id>` (待确认 → 已确认) or `viewing done <id>` (→ 已完成). */
function parseViewingCommand(args: string[]): Command {
  const [, action, idText, ...rest] = args;
  if (action !== 'confirm' && action !== 'done') throw new UsageError(`unknown viewing action: ${action ?? '(none)'}`);
  if (idText === undefined || rest.length > 0) throw new UsageError(`viewing ${action} takes <id>`);
  if (!/^[1-9]\d{0,9}$/.test(idText)) throw new UsageError(`id must be a positive integer: ${idText}`);
  return { kind: 'viewing', path: `${ApiPath.opsViewing}/${Number(idText)}`, body: { action } };
}

/** `agent desk-token <id> [days]`: the agent desk's token (modules/im/desk.ts). */
function parseDeskTokenCommand(args: string[]): Command {
  const [, , idText, daysText, ...rest] = args;
  if (idText === undefined || rest.length > 0) throw new UsageError('agent desk-token takes <id> [days]');
  if (!ID.test(idText)) throw new UsageError(`id must be a positive integer: ${idText}`);
  if (daysText !== undefined && !(/^[1-9]\d?$/.test(daysText) && Number(daysText) <= 90))
    throw new UsageError(`days must be 1–90: ${daysText}`);
  const body = daysText === undefined ? { agentId: Number(idText) } : { agentId: Number(idText), days: Number(daysText) };
  return { kind: 'desk', path: ApiPath.opsDeskToken, body };
}

function parseAgentCommand(args: string[]): Command {
  const [, action, idText, statusText, ...rest] = args;
  if (action === 'desk-token') return parseDeskTokenCommand(args);
  if (action !== 'status') throw new UsageError(`unknown agent action: ${action ?? '(none)'}`);
  if (idText === undefined || statusText === undefined || rest.length > 0)
    throw new UsageError('agent status takes <id> <1|2|3>');
  if (!/^[1-9]\d{0,9}$/.test(idText)) throw new UsageError(`id must be a positive integer: ${idText}`);
  if (!/^[123]$/.test(statusText)) throw new UsageError(`status must be 1, 2 or 3: ${statusText}`);
  return { kind: 'agent', path: `${ApiPath.opsAgent}/${Number(idText)}`, body: { status: Number(statusText) } };
}

function parseCommand(args: string[], readFile: (file: string) => string): Command {
  if (args[0] === 'news') return parseNewsCommand(args, readFile);
  if (args[0] === 'agent') return parseAgentCommand(args);
  if (args[0] === 'viewing') return parseViewingCommand(args);
  if (args[0] === 'uploads') return parseUploadsCommand(args);
  if (args[0] === 'entrust') return parseEntrustCommand(args);
  if (args[0] === 'stats') return parseStatsCommand(args);
  const { channel, id, price } = parsePriceCommand(args);
  return { kind: 'listing', path: `${ApiPath.opsListing}/${encodeURIComponent(channel)}/${id}`, body: { price } };
}

function parsePriceCommand(args: string[]): { channel: string; id: number; price: number } {
  const [what, action, channel, idText, priceText, ...rest] = args;
  if (what !== 'listing') throw new UsageError(what === undefined ? 'no command given' : `unknown command: ${what}`);
  if (action === 'status')
    throw new UsageError('listing status: the listing tables have no status column yet; only the price can be changed');
  if (action !== 'price') throw new UsageError(`unknown listing action: ${action ?? '(none)'}`);
  if (channel === undefined || idText === undefined || priceText === undefined || rest.length > 0)
    throw new UsageError('listing price takes <channel> <id> <price>');
  if (!/^[1-9]\d{0,9}$/.test(idText)) throw new UsageError(`id must be a positive integer: ${idText}`);
  const price = Number(priceText);
  if (priceText.trim() === '' || !Number.isFinite(price)) throw new UsageError(`price must be a number: ${priceText}`);
  return { channel, id: Number(idText), price };
}

function describeAgent(result: OpsAgentResult): string[] {
  return [
    `agent #${result.id} ${result.name} (${result.cityDomain})`,
    `  status: ${result.previousStatus} → ${result.status}`,
    `  change ${result.change.seq}: ${result.change.tags.length} tags (${result.change.tags.slice(0, 5).join(' ')}${result.change.tags.length > 5 ? ' …' : ''})`,
  ];
}

/** The token is printed once, with how to use it: nothing else keeps it (only its hash is stored). */
function describeDeskToken(result: OpsDeskTokenResult): string[] {
  return [
    `desk token for agent #${result.agentId} ${result.agentName}, valid until ${result.expiresAt}:`,
    `  ${result.token}`,
    '  open the desk on its own host, http://desk.<PORTAL_ROOT_DOMAIN>/ (e.g. http://desk.localhost:3000/), and enter it; it is shown only this once',
    '  earlier tokens of this agent no longer work',
  ];
}

const VIEWING_STATUS_WORDS: Record<number, string> = { 1: '待确认', 2: '已确认', 3: '已完成', 4: '已取消' };

function describeViewing(result: OpsViewingResult): string[] {
  return [
    `viewing #${result.id}: ${VIEWING_STATUS_WORDS[result.previousStatus] ?? result.previousStatus} → ${VIEWING_STATUS_WORDS[result.status] ?? result.status}`,
  ];
}

function describeCleanup(result: UploadsCleanupResult): string[] {
  return [
    `uploads: ${result.scanned} objects under ub/, ${result.deleted} orphans deleted`,
    ...result.sample.map((key) => `  ${key}`),
  ];
}

function describeEntrust(result: OpsEntrustResult): string[] {
  const words = (s: number) => ENTRUST_STATUS_NAMES[s] ?? String(s);
  const channel = homeChannelOf(result.businessType);
  return [
    `entrust #${result.id} (${result.cityDomain}): ${words(result.previousStatus)} → ${words(result.status)}`,
    ...(result.listingId !== null ? [`  listing: ${channel} #${result.listingId}, agent #${result.agentId}`] : []),
    ...(result.override
      ? [`  override recorded: ${result.override.reason}`, ...result.override.problems.map((p) => `    ${p}`)]
      : []),
    `  change ${result.change.seq}: ${result.change.tags.join(' ')}`,
  ];
}

const ARTICLE_STATUS_WORDS: Record<number, string> = { 1: '已发布', 2: '已下线' };

function describeArticle(result: OpsArticleResult): string[] {
  return [
    `article #${result.id} ${result.title} (${result.category}, ${result.cityCode ?? 'every city'}): ${ARTICLE_STATUS_WORDS[result.status] ?? result.status}`,
    `  published ${result.publishedAt}`,
    `  change ${result.change.seq}: ${result.change.tags.length} tags (${result.change.tags.slice(0, 5).join(' ')}${result.change.tags.length > 5 ? ' …' : ''})`,
  ];
}

function describe(result: OpsListingResult): string[] {
  const before = result.previousPrice === null ? '（无）' : String(result.previousPrice);
  return [
    `${result.channel} #${result.id} ${result.title} (${result.cityDomain})`,
    `  ${result.priceField}: ${before} → ${result.price} ${result.unit}`,
    `  change ${result.change.seq}: ${result.change.tags.join(' ')}`,
  ];
}

/** Runs one command; returns the exit code. */
export async function runOps(args: string[], io: OpsIo): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(args, io.readFile ?? ((file) => readFileSync(file, 'utf8')));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(err.message);
    io.err(USAGE);
    return 2;
  }
  const token = io.env.OPS_TOKEN?.trim();
  if (!token) {
    io.err('OPS_TOKEN is not set: set it to the backend’s OPS_TOKEN');
    return 2;
  }
  const base = (io.env.BACKEND_URL || `http://127.0.0.1:${io.env.BACKEND_PORT || 4000}`).replace(/\/+$/, '');
  const url = `${base}${command.path}`;
  let res: Response;
  try {
    res = await io.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(command.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    io.err(`cannot reach the backend at ${base}: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  let body:
    | {
        succeed?: boolean;
        msg?: string;
        data?: OpsListingResult &
          OpsAgentResult &
          OpsViewingResult &
          UploadsCleanupResult &
          OpsEntrustResult &
          OpsDeskTokenResult &
          StatsReport &
          StatsMaintenance &
          OpsArticleResult;
      }
    | undefined;
  try {
    body = (await res.json()) as typeof body;
  } catch {
    body = undefined;
  }
  if (!res.ok || !body?.succeed || !body.data) {
    io.err(`${res.status}: ${body?.msg ?? res.statusText}`);
    return 1;
  }
  const describeAs = {
    agent: describeAgent,
    desk: describeDeskToken,
    viewing: describeViewing,
    entrust: describeEntrust,
    uploads: describeCleanup,
    news: describeArticle,
    listing: describe,
    stats: describeStats,
    maintain: describeMaintenance,
  } as const;
  const lines = describeAs[command.kind](body.data);
  for (const line of lines) io.out(line);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await runOps(process.argv.slice(2), { env: process.env, out: console.log, err: console.error, fetch });
  process.exit(code);
}
