import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alertMessages } from '@/lib/client/alert-messages';
import { listMessages } from '@/lib/client/list-messages';
import { formMessages } from '@/lib/client/form-messages';
import { listingMessages } from '@/lib/client/listing-messages';
import { photoMessages } from '@/lib/client/photo-messages';
import { viewingMessages } from '@/lib/client/viewing-messages';
import { messages as clientMessages } from '@/lib/client/messages';
import { messages } from '@/lib/messages';

describe('messages catalogue (copy.md)', () => {
  it('has the exact strings', () => {
    expect(messages.siteTitle('北京')).toBe('北京找房 - 优居');
    expect(messages.notFound).toBe('抱歉，您访问的页面不存在');
    expect(messages.countdown(3)).toBe('3秒后自动跳转');
    expect(messages.serverBusy).toBe('网络繁忙，请稍后再试');
    expect(messages.brandUpgrade).toBe('优居品牌已全新升级，请访问新网站');
    expect(messages.locatedCityPrompt('上海')).toBe('当前定位城市为上海，是否切换？');
    expect([messages.switchConfirm, messages.switchCancel, messages.switched, messages.switchCancelled]).toEqual([
      '切换',
      '取消',
      '切换成功！',
      '已取消切换',
    ]);
    expect([messages.hotCities, messages.allCities]).toEqual(['热门城市', '全部城市']);
    expect(messages.agentLeft).toBe('经纪人已离职，请联系其他经纪人');
    expect(messages.agentUnreachable).toBe('暂时无法联系，请联系其他经纪人');
    expect(messages.tooManyChatImages).toBe('一次最多发送9张图片');
    expect(messages.uploadBadFormat('jpg、png')).toBe('文件格式仅限jpg、png格式！');
    expect(messages.uploadTooLarge(5)).toBe('图片大小不能超过5MB！');
    expect(messages.uploadTooMany(9)).toBe('文件数量不能超过9');
    expect(messages.uploadUnfinished).toBe('图片未上传完成，请稍候...');
    expect(messages.minutesAgo(5)).toBe('5分钟前');
    expect([messages.owner, messages.sellHome, messages.rentOutHome, messages.downloadApp]).toEqual([
      '我是业主',
      '我要卖房',
      '我要出租',
      '下载APP',
    ]);
    expect(Object.values(messages.footerTabs)).toEqual(['热门城市', '热门二手房', '热门新房', '热门租房', '友情链接']);
    expect(Object.values(messages.bannerTabs)).toEqual(['二手房', '新房', '租房', '小区']);
  });
  it('greets by time of day (copy.md boundaries)', () => {
    const g = messages.greeting;
    expect([g(4), g(5), g(8), g(9), g(11), g(12), g(13), g(14), g(17), g(18), g(23), g(0)]).toEqual([
      '晚上好',
      '早上好',
      '早上好',
      '上午好',
      '上午好',
      '中午好',
      '中午好',
      '下午好',
      '下午好',
      '晚上好',
      '晚上好',
      '晚上好',
    ]);
  });
  it('shows client islands the same strings as server code: the client part is the catalogue’s, not a copy', () => {
    expect(Object.keys(clientMessages).length).toBeGreaterThan(0);
    for (const [key, value] of Object.entries({
      ...clientMessages,
      ...formMessages,
      ...listingMessages,
      ...photoMessages,
      ...listMessages,
      ...viewingMessages,
    }))
      expect(messages[key as keyof typeof messages], key).toBe(value);
    // Two homes for one key would let one shadow the other in the catalogue.
    const homes = [
      clientMessages,
      formMessages,
      listingMessages,
      photoMessages,
      listMessages,
      viewingMessages,
      alertMessages,
    ].flatMap((part) => Object.keys(part));
    expect(homes.filter((key, i) => homes.indexOf(key) !== i)).toEqual([]);
    expect(clientMessages.serverBusy).toBe('网络繁忙，请稍后再试');
    expect(clientMessages.locatedCityPrompt('上海')).toBe('当前定位城市为上海，是否切换？');
  });
});

// ---- The browser's share of the catalogue (first-load JavaScript: at most +25 kB gzip a route) ----

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = ['app', 'components', 'lib', 'stores'];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** A project-local module specifier as a file under ROOT, or null for a package. */
function resolveLocal(from: string, spec: string): string | null {
  const base = spec.startsWith('@/')
    ? spec.slice(2)
    : spec.startsWith('@contracts/')
      ? path.join('contracts', spec.slice('@contracts/'.length))
      : spec.startsWith('.')
        ? path.join(path.dirname(from), spec)
        : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    const full = path.join(ROOT, candidate);
    if (existsSync(full) && statSync(full).isFile()) return path.normalize(candidate);
  }
  throw new Error(`${from}: cannot resolve ${spec}`);
}

/** Modules a file loads at run time, statically or by `import()`: `import type` ships nothing and is skipped. */
function runtimeImports(file: string): string[] {
  const code = readFileSync(path.join(ROOT, file), 'utf8');
  const specs = [
    ...[...code.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]!),
    ...[...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!),
  ];
  return specs.flatMap((s) => resolveLocal(file, s) ?? []);
}

/** Every project module that reaches the browser: the `'use client'` modules and all they load. */
function browserModules(): Set<string> {
  const entries = SOURCE_DIRS.flatMap(sourceFiles).filter((f) =>
    /^\s*['"]use client['"]/.test(readFileSync(path.join(ROOT, f), 'utf8')),
  );
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...runtimeImports(file));
  }
  return seen;
}

describe('the catalogue in the browser', () => {
  const reached = browserModules();
  it('client islands read their strings from lib/client/messages.ts', () => {
    expect(reached.has(path.normalize('components/header/section.tsx'))).toBe(true);
    expect(reached.has(path.normalize('components/search/suggestion-list.tsx'))).toBe(true);
    expect(reached.has(path.normalize('lib/client/messages.ts'))).toBe(true);
  });
  it('never loads the whole table (lib/messages.ts) from a client module, directly or through another module', () => {
    expect(reached.size).toBeGreaterThan(10);
    expect(reached.has(path.normalize('lib/messages.ts'))).toBe(false);
  });
});
