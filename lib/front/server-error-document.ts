import { messages } from '../messages';

/**
 * The HTML of spec §8's "any other status" page (网络繁忙，请稍后再试 with 重试), for the web server to send in
 * place of Next's error shell. When the city layout itself cannot render (the backend is down: no cities, no
 * menus), Next answers 500 with an empty `__next_error__` document and draws app/(desktop)/error.tsx only after its
 * script runs; a visitor without script, a slow phone or a crawler saw a blank page. This document carries
 * the words itself. It is static (no Next runtime): 重试 reloads the page. Styles mirror `.error-page`.
 */
export function serverErrorDocument(): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(messages.serverBusy)} - ${esc(messages.brand)}</title>
<style>
body{margin:0;background:#f6f7f9;color:#222;font-family:"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif}
.error-page{min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;text-align:center}
.error-page__code{font-size:96px;font-weight:700;color:#00ae66;line-height:1}
h1{font-size:22px;font-weight:400;margin:0}
.btn{display:inline-block;padding:8px 20px;border-radius:2px;background:#00ae66;color:#fff;text-decoration:none;font-size:14px}
</style></head>
<body><main class="error-page"><div class="error-page__code">500</div><h1>${esc(messages.serverBusy)}</h1><a class="btn" href="">${esc(messages.retry)}</a></main></body></html>
`;
}
