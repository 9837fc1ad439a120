'use client';
import { useEffect } from 'react';
import type { ChatOpenRequest } from '@/lib/chat/chat-events';

/** A 在线咨询 link's request (./consult-button.tsx): `data-chat-agent`, `data-chat-property="1:123"`. */
export function consultRequestOf(el: HTMLElement): ChatOpenRequest | null {
  const agentUserId = Number(el.dataset.chatAgent);
  const [type, id] = (el.dataset.chatProperty ?? '').split(':').map(Number);
  const property =
    (type === 1 || type === 2) && Number.isInteger(id) && id! > 0 ? { businessType: type as 1 | 2, listingId: id! } : undefined;
  return Number.isInteger(agentUserId) && agentUserId > 0 ? { agentUserId, property } : null;
}

/**
 * 在线咨询 (./consult-button.tsx) while the widget runs: a plain left click on a link with `data-chat-agent` opens
 * that agent's conversation here instead of the link's way to login.
 */
export function useConsultLinks(enabled: boolean, onConsult: (request: ChatOpenRequest) => void) {
  useEffect(() => {
    if (!enabled) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = e.target instanceof Element ? e.target.closest<HTMLElement>('[data-chat-agent]') : null;
      const request = link && consultRequestOf(link);
      if (!request) return;
      e.preventDefault();
      onConsult(request);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [enabled, onConsult]);
}
