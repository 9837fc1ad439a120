'use client';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { useCity } from '@/lib/client/city-context';
import { withTracking } from '@/lib/client/track-later';
import { whoAmI } from '@/lib/client/who-am-i';

export interface PageTrackerProps {
  /** STATS_SCRIPT_URL (lib/settings.ts): the statistics provider's page-view script, or none. */
  statsScriptUrl?: string;
}

const STATS_SCRIPT_ID = 'yj-stats-script';

/**
 * One page view per page shown, the first and every client navigation after it (spec §7): our own event, the
 * promotion codes of a landing URL kept (spec §9), and the statistics provider's script loaded anew, as Baidu Tongji
 * counts a page view each time its script runs. Renders nothing.
 */
export function PageTracker({ statsScriptUrl }: PageTrackerProps) {
  const pathname = usePathname();
  const { rootDomain, protocol } = useCity();
  useEffect(() => {
    const { search, pathname: path } = window.location;
    withTracking((t) => {
      t.keepPromotion(search, { rootDomain, protocol });
      t.trackPageView(path);
    });
    if (!statsScriptUrl) return;
    document.getElementById(STATS_SCRIPT_ID)?.remove();
    const script = document.createElement('script');
    script.id = STATS_SCRIPT_ID;
    script.async = true;
    script.src = statsScriptUrl;
    document.body.appendChild(script);
  }, [pathname, statsScriptUrl, rootDomain, protocol]);

  // spec §3 userId: the header asks who is reading once per page load; the events carry the answer.
  useEffect(() => {
    void whoAmI().then((user) => withTracking((t) => t.setTrackingUser(user?.userId ?? null)));
  }, []);

  // 在线咨询 is plain markup (components/chat/consult-button.tsx, no script of its own): its click is read here.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest?.<HTMLElement>('[data-chat-agent]');
      if (!button) return;
      const [businessType, businessId] = (button.dataset.chatProperty ?? '').split(':').map(Number);
      const agentId = Number(button.dataset.agentId);
      withTracking((t) =>
        t.trackContact('在线咨询', {
          ...(agentId > 0 ? { agentId } : {}),
          ...(businessType && businessId ? { businessType, businessId } : {}),
        }),
      );
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
  return null;
}
