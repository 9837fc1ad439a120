import { browserContext } from '@/lib/client/api';
import { revealAgentPhone } from '@/lib/client/api-endpoints';
import { messages } from '@/lib/client/messages';
import { withTracking } from '@/lib/client/track-later';
import { PHONE_BINDING_DAYS, virtualNumberHref, virtualNumberText } from '@contracts/virtual-number';

/**
 * The listing the visitor calls from (spec §3 tracking): the channel's business type (with, for shops and offices,
 * which of the four channels: contracts/channels.ts) and the listing's id. None on the agent's own page.
 */
export interface CallingListing {
  businessType: number;
  businessTypeTwo?: number | undefined;
  id: number;
}

/**
 * What the card shows: the button, the wait, the virtual number (its tel: link, how it reads and the note under it,
 * made here so that the first load carries none of it) or words.
 */
export type Shown =
  | { kind: 'button' }
  | { kind: 'asking' }
  | { kind: 'number'; href: string; text: string; note: string }
  | { kind: 'message'; text: string };

/**
 * 拨打电话's click (components/detail/agent-call.tsx): the contact event, then the backend's answer as what the card
 * shows, a virtual number or the words for the agent's status or the failure. Loaded with the click, as the API client
 * is: no first page load carries it (first-load JS, docs/performance.md).
 */
export async function askAgentPhone(agentId: number, listing: CallingListing | undefined): Promise<Shown> {
  withTracking((t) =>
    t.trackContact('拨打电话', {
      agentId,
      ...(listing && { businessType: listing.businessType, businessId: listing.id }),
      ...(listing?.businessTypeTwo ? { businessTypeTwo: listing.businessTypeTwo } : {}),
    }),
  );
  try {
    const from = listing && {
      businessType: listing.businessType,
      businessId: listing.id,
      ...(listing.businessTypeTwo ? { businessTypeTwo: listing.businessTypeTwo } : {}),
    };
    const answer = await revealAgentPhone(browserContext(), { agentId, ...from });
    const number = answer.status === 1 ? answer.virtualNumber : undefined;
    if (number)
      return {
        kind: 'number',
        href: virtualNumberHref(number),
        text: virtualNumberText(number),
        note: messages.virtualNumberNote(number.extension, PHONE_BINDING_DAYS),
      };
    return { kind: 'message', text: answer.status === 2 ? messages.agentLeft : messages.agentUnreachable };
  } catch (err) {
    return { kind: 'message', text: err instanceof Error && err.message ? err.message : messages.callAgentFailed };
  }
}
