import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheTag, type CacheChanges } from '@contracts/cache-changes';
import { NEWS_CATEGORIES, type Article, type NewsListPage, type OpsArticleResult } from '@contracts/news';
import { ApiPath } from '@contracts/paths';
import { runOps, type OpsIo } from '../../scripts/ops';
import { answer, envelope, nonEmpty, startHarness, type Harness } from './harness';

/**
 * 资讯 (spec §2 "News"): the seeded articles of each category are written from the city's own data, a list pages
 * and validates, an article carries the cards of what it mentions and its related articles, and an operator's
 * add, edit and take-down show at once and are announced on the change feed.
 */

const TOKEN = 'news-ops-token-0123456789';
const BJ = '110000';
let h: Harness;
let backendUrl: string;
beforeAll(async () => {
  h = await startHarness({ config: { OPS_TOKEN: TOKEN } });
  backendUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => h?.close());

const list = (input: Record<string, unknown>) => answer<NewsListPage>(h.app, ApiPath.newsList, input);
const article = (id: number) => answer<Article>(h.app, `${ApiPath.newsDetail}/${id}`);
const ops = (url: string, payload: unknown, token = TOKEN) =>
  h.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });

describe('资讯', () => {
  it('lists each category of a city newest first, with its own and every city’s articles, and pages', async () => {
    for (const category of NEWS_CATEGORIES) {
      const page = await list({ cityCode: BJ, category });
      const items = nonEmpty(page.list, category);
      expect(items.every((a) => a.category === category)).toBe(true);
      const times = items.map((a) => Date.parse(a.publishedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    // Twelve weekly reports: two pages of ten.
    const first = await list({ cityCode: BJ, category: 'loushikuaixun' });
    expect(first.total).toBeGreaterThanOrEqual(12);
    const second = await list({ cityCode: BJ, category: 'loushikuaixun', page: 2 });
    expect(second.list.length).toBe(first.total - 10);
    expect(second.list.map((a) => a.id)).not.toContain(first.list[0]!.id);
    expect((await list({ cityCode: BJ, category: 'loushikuaixun', page: 9 })).list).toEqual([]);
    // 知识分享 is of every city: the same articles in 上海.
    const knowledgeBj = await list({ cityCode: BJ, category: 'zhishifenxiang' });
    const knowledgeSh = await list({ cityCode: '310000', category: 'zhishifenxiang' });
    expect(knowledgeSh.list.map((a) => a.id)).toEqual(knowledgeBj.list.map((a) => a.id));
    // Without a category: the newest of all.
    const all = await list({ cityCode: BJ, pageSize: 5 });
    expect(all.list).toHaveLength(5);
    expect(all.total).toBe(
      (await Promise.all(NEWS_CATEGORIES.map((c) => list({ cityCode: BJ, category: c })))).reduce((s, p) => s + p.total, 0),
    );
  });

  it('refuses bad input with a readable 4xx', async () => {
    for (const input of [
      { cityCode: 'x' },
      { cityCode: BJ, category: 'gossip' },
      { cityCode: BJ, page: 0 },
      { cityCode: BJ, page: 101 },
      { cityCode: BJ, pageSize: 21 },
      { cityCode: BJ, extra: 1 },
    ]) {
      const res = await h.app.inject({ method: 'POST', url: ApiPath.newsList, payload: input });
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(envelope(res).msg).toBeTruthy();
    }
    const unknownCity = await h.app.inject({ method: 'GET', url: `${ApiPath.newsList}?cityCode=999999` });
    expect(unknownCity.statusCode).toBe(404);
    const missing = await h.app.inject({ method: 'GET', url: `${ApiPath.newsDetail}/2000000000` });
    expect(missing.statusCode).toBe(404);
    expect(envelope(missing).msg).toBe('资讯 2000000000 不存在');
  });

  it('writes the market report from the city’s data, with the cards it talks about', async () => {
    const [report] = (await list({ cityCode: BJ, category: 'loushikuaixun' })).list;
    const a = await article(report!.id);
    expect(a.cityCode).toBe(BJ);
    expect(a.cityDomain).toBe('bj');
    expect(a.body).toContain('## 二手房');
    // Its cards are the communities it names, with their reference prices as the text says.
    const estates = a.cards.filter((c) => c.kind === 'estate');
    for (const c of estates) expect(a.body).toContain(`- ${c.title}：新增`);
    // The figure of the title is the week's new listings as the list counts them.
    const n = /新增挂牌(\d+)套/.exec(a.title)?.[1];
    if (n) expect(Number(n)).toBeGreaterThan(0);
    expect(a.related.length).toBeGreaterThan(0);
    expect(a.related.every((r) => r.category === 'loushikuaixun' && r.id !== a.id)).toBe(true);
    // A guide names its project and carries its card.
    const [guide] = (await list({ cityCode: BJ, category: 'loupingdaogou' })).list;
    const g = await article(guide!.id);
    const project = nonEmpty(g.cards.filter((c) => c.kind === 'new'))[0]!;
    expect(g.body).toContain(project.title);
  });

  it('lets an operator add, edit and take down an article, announced on the change feed', async () => {
    const feed = async (after?: number) =>
      envelope<CacheChanges>(
        await h.app.inject({ method: 'GET', url: `${ApiPath.cacheChanges}${after === undefined ? '' : `?after=${after}`}` }),
      ).data;
    const { latest } = await feed();
    const [estate] = (await answer<{ list: { id: number }[] }>(h.app, ApiPath.estateList, { cityCode: BJ })).list;
    const body = {
      cityCode: BJ,
      category: 'shichangzhengce',
      title: '北京发布住房公积金新政',
      summary: '北京住房公积金管理中心发布新规，提高多子女家庭的贷款额度。',
      body: '北京住房公积金管理中心发布通知。\n\n## 要点\n\n- 多子女家庭贷款额度上浮\n- 即日起执行',
      author: '优居编辑',
      tags: ['公积金'],
      mentions: [{ kind: 'estate', id: estate!.id }],
    };
    expect((await ops(ApiPath.opsNews, body, 'wrong-token-0123456789')).statusCode).toBe(401);
    expect((await ops(ApiPath.opsNews, { ...body, coverUrl: 'https://evil.example/x.png' })).statusCode).toBe(400);
    const badMention = await ops(ApiPath.opsNews, { ...body, mentions: [{ kind: 'esf', id: 2_000_000_000 }] });
    expect(badMention.statusCode).toBe(400);
    expect(envelope(badMention).msg).toBe('mentions: 二手房 2000000000 不存在于该城市');
    const added = await ops(ApiPath.opsNews, body);
    expect(added.statusCode).toBe(200);
    const result = envelope<OpsArticleResult>(added).data;
    // The city's news pages, and the lists that show its category (none shows 市场政策, yet the tag is the category's).
    expect(result.change.tags).toEqual([
      cacheTag.article(result.id),
      cacheTag.news('bj'),
      cacheTag.newsCategory('bj', 'shichangzhengce'),
    ]);
    expect((await feed(latest)).changes.map((c) => c.seq)).toContain(result.change.seq);
    // At once the newest of its category, with its card.
    expect((await list({ cityCode: BJ, category: 'shichangzhengce' })).list[0]!.id).toBe(result.id);
    expect((await article(result.id)).cards.map((c) => c.id)).toEqual([estate!.id]);

    const edited = await ops(`${ApiPath.opsNews}/${result.id}`, { title: '北京住房公积金新政解读' });
    expect(edited.statusCode).toBe(200);
    expect((await article(result.id)).title).toBe('北京住房公积金新政解读');
    expect((await ops(`${ApiPath.opsNews}/${result.id}`, {})).statusCode).toBe(400);
    expect((await ops(`${ApiPath.opsNews}/2000000000`, { title: '不存在的资讯' })).statusCode).toBe(404);

    // An article of every city is announced to every city's news pages.
    const everywhere = envelope<OpsArticleResult>(
      await ops(`${ApiPath.opsNews}/${result.id}`, { cityCode: null, mentions: [] }),
    ).data;
    expect(everywhere.change.tags).toEqual(
      expect.arrayContaining([cacheTag.news('bj'), cacheTag.news('sh'), cacheTag.news('xm')]),
    );

    const down = await ops(`${ApiPath.opsNews}/${result.id}/takedown`, {});
    expect(down.statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: `${ApiPath.newsDetail}/${result.id}` })).statusCode).toBe(404);
    expect((await list({ cityCode: BJ, category: 'shichangzhengce' })).list.map((a) => a.id)).not.toContain(result.id);
    expect((await ops(`${ApiPath.opsNews}/${result.id}/takedown`, {})).statusCode).toBe(400);
  });

  it('`npm run ops -- news add|edit|takedown` publishes, edits and takes down through the backend', async () => {
    const files: Record<string, string> = {
      'new.json': JSON.stringify({
        category: 'zhishifenxiang',
        title: '公积金异地贷款怎么办',
        summary: '在一个城市缴存公积金、到另一个城市买房，能不能用公积金贷款？',
        body: '可以申请异地贷款。\n\n## 条件\n\n- 连续缴存满6个月\n- 在购房地无未结清的公积金贷款',
        author: '优居置业课堂',
      }),
      'edit.json': JSON.stringify({ title: '公积金异地贷款怎么办理' }),
      'bad.json': '{"title": ',
    };
    const run = async (args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const io: OpsIo = {
        env: { BACKEND_URL: backendUrl, OPS_TOKEN: TOKEN },
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        fetch,
        readFile: (file) => {
          if (!(file in files)) throw new Error(`ENOENT: no such file, open '${file}'`);
          return files[file]!;
        },
      };
      return { code: await runOps(args, io), out: out.join('\n'), err: err.join('\n') };
    };
    const added = await run(['news', 'add', 'new.json']);
    expect(added.err).toBe('');
    expect(added.code).toBe(0);
    const id = Number(/^article #(\d+) 公积金异地贷款怎么办 \(zhishifenxiang, every city\): 已发布$/m.exec(added.out)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(added.out).toMatch(/change \d+: \d+ tags \(article:\d+ news:/);
    // On its category page at once, in every city.
    expect((await list({ cityCode: '510100', category: 'zhishifenxiang' })).list[0]!.id).toBe(id);

    expect(await run(['news', 'edit', String(id), 'edit.json'])).toMatchObject({ code: 0 });
    expect((await article(id)).title).toBe('公积金异地贷款怎么办理');
    expect(await run(['news', 'takedown', String(id)])).toMatchObject({ code: 0, out: expect.stringContaining('已下线') });
    expect((await list({ cityCode: BJ, category: 'zhishifenxiang' })).list.map((a) => a.id)).not.toContain(id);

    // The backend's refusal is printed; usage errors exit 2 before any call.
    expect(await run(['news', 'takedown', String(id)])).toMatchObject({ code: 1, err: `400: 资讯 ${id} 已下线` });
    expect(await run(['news', 'add', 'bad.json'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('bad.json is not JSON'),
    });
    expect(await run(['news', 'add', 'missing.json'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('cannot read missing.json'),
    });
    expect(await run(['news', 'edit', String(id)])).toMatchObject({
      code: 2,
      err: expect.stringContaining('news edit takes <id> <file.json>'),
    });
    expect(await run(['news', 'publish', '1'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown news action: publish'),
    });
    expect(await run(['news', 'takedown', '0'])).toMatchObject({ code: 2 });
  });
});
