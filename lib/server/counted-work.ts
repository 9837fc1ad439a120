/**
 * A route's answer that cost this request a backend call, marked as the page pipeline reads a render
 * (lib/front/page-pipeline.ts `wasRender`: an answer marked `x-nextjs-cache: MISS` is counted in the address's
 * render budget, lib/front/render-budget.ts). The pipeline gives back every answer that is neither a page nor so
 * marked, so a route that asks the backend for each request and is not marked is a way around the budget: a probe
 * had 98 session checks a second from one address through `/auth/me` with made-up session cookies.
 */
export function countedAsWork<T extends Response>(answer: T): T {
  answer.headers.set('x-nextjs-cache', 'MISS');
  return answer;
}
