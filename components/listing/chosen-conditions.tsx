import Link from 'next/link';
import { messages } from '@/lib/messages';
import type { ConditionChip } from '@/lib/listing/condition-chips';

/** The chosen conditions above the results, each removable with ×, and 清空条件. Plain links: they work without script. */
export function ChosenConditions({ chips, clearHref }: { chips: ConditionChip[]; clearHref: string }) {
  if (chips.length === 0) return null;
  return (
    <div className="chosen-conditions">
      <span className="chosen-conditions__label">{messages.chosenConditions}</span>
      <ul className="chosen-conditions__list" aria-label={messages.chosenConditions}>
        {chips.map((chip) => (
          <li key={chip.id}>
            <Link href={chip.href} className="chip" rel="nofollow" aria-label={messages.removeCondition(chip.label)}>
              {chip.label}
              <span className="chip__x" aria-hidden="true">
                ×
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link href={clearHref} className="chosen-conditions__clear">
        {messages.clearFilters}
      </Link>
    </div>
  );
}
