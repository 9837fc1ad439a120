/**
 * The addresses of an agent's pages (spec §2 "Agent pages"): `/agent/{id}` shows their second-hand homes,
 * as does `/agent/{id}/esf[/n]`; `/agent/{id}/zufang[/n]` their rentals. No `.html` suffix: the spec gives one only
 * to new-home detail pages. `/h5/agent?agentId={id}` is their mobile business card (spec §2 fixed route).
 */
export type AgentTab = 'esf' | 'zufang';

/** `/agent/12`, `/agent/12/zufang`, `/agent/12/esf/2` (page 1 of a tab has no number). */
export function agentPath(agentId: number, tab?: AgentTab, page = 1): string {
  const base = `/agent/${agentId}`;
  if (!tab) return base;
  return page > 1 ? `${base}/${tab}/${page}` : `${base}/${tab}`;
}

/** The mobile business card; the proxy serves it from the cached route app/(desktop)/[city]/(h5)/h5/agent/[id]. */
export const h5AgentPath = (agentId: number) => `/h5/agent?agentId=${agentId}`;
