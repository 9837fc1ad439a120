// Screenshots of every page type at 1280, 1440, 1920 (viewport, top of page) + full page at 1440.
import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://bj.localhost:3000';
const out = process.env.OUT ?? '/work/shots/all';
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : null;
import { mkdirSync } from 'node:fs';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--host-resolver-rules=MAP *.localhost 127.0.0.1'] });
const ctx = await browser.newContext({ locale: 'zh-CN' });
const page = await ctx.newPage();
async function first(path, prefix) {
  await page.goto(base + path);
  return page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
}
const ch = [['esf','/ershoufang/','/ershoufang/xiangqing/'],['new','/loupan/','/loupan/xiangqing/'],['rent','/zufang/','/zufang/xiangqing/'],['xq','/xiaoqu/','/xiaoqu/xiangqing/'],['sp','/sp/buy/','/sp/buy/xiangqing/'],['sprent','/sp/rent/','/sp/rent/xiangqing/'],['xzl','/xzl/buy/','/xzl/buy/xiangqing/'],['xzlrent','/xzl/rent/','/xzl/rent/xiangqing/']];
const pages = [['home','/'],['citys','/citys'],['about','/about'],['aboutuj','/about/aboutuj'],['login','/login'],['brand','/brand-upgrade'],['404','/no-such']];
for (const [n, list, det] of ch) {
  pages.push([`${n}-list`, list], [`${n}-dict`, `${list}dictionary`], [`${n}-opts`, `${list}options`]);
  const d = await first(list, det).catch(() => null);
  if (d) pages.push([`${n}-detail`, d]);
}
pages.push(['esf-empty', '/ershoufang/key%E4%B8%8D%E5%AD%98%E5%9C%A8%E7%9A%84%E5%9C%B0%E6%96%B9xyz/']);
pages.push(['esf-filtered', '/ershoufang/l2a3/']);
const proj = (await first('/loupan/', '/loupan/xiangqing/')).replace(/\.html$/, '');
for (const s of ['dongtai','xinxi','huxing','xiangce','zhoubian','dianping']) pages.push([`proj-${s}`, `${proj}/${s}`]);
const esfd = pages.find((p) => p[0] === 'esf-detail')[1];
await page.goto(base + esfd);
const agent = await page.locator('a[href^="/agent/"]').first().getAttribute('href');
pages.push(['agent', agent], ['agent-esf', `${agent}/esf`], ['h5-agent', `/h5${agent}`]);
const shoot = async (name, path) => {
  if (only && !only.test(name)) return;
  for (const w of [1280, 1440, 1920]) {
    await page.setViewportSize({ width: w, height: 900 });
    const res = await page.goto(base + path, { waitUntil: 'networkidle' }).catch((e) => null);
    await page.screenshot({ path: `${out}/${name}-${w}.png` });
    if (w === 1440) await page.screenshot({ path: `${out}/${name}-full.png`, fullPage: true });
    if (w === 1280) console.log(name, path, res?.status());
  }
};
for (const [n, p] of pages) await shoot(n, p);
// logged in
await page.goto(base + '/login');
await page.getByRole('tab', { name: '密码登录' }).click();
await page.getByPlaceholder(/手机号/).first().fill('13800138000');
await page.getByPlaceholder(/密码/).first().fill('youju2026');
await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
await page.getByRole('button', { name: '登录', exact: true }).click();
await page.locator('.user-box__name').waitFor();
for (const [n, p] of [['p-account','/personal/account'],['p-info','/personal/account/info'],['p-pass','/personal/account/changePass'],['p-sell','/personal/entrust/sell'],['p-rental','/personal/entrust/rental'],['p-manage','/personal/entrust/manage'],['p-company','/personal/entrust/company'],['p-house','/personal/house/ershoufang'],['p-record','/personal/record/ershoufang'],['p-review',`${proj}/dianping/add`],['li-home','/'],['li-detail',esfd]]) await shoot(n, p);
await browser.close();
