'use client';
import { useState } from 'react';
import type { FooterLink } from '@contracts/city';

export interface FooterTab {
  key: string;
  title: string;
  links: FooterLink[];
  /** spec §2 Footer: each tab's own disclaimer, shown with its links. */
  disclaimer: string;
}

/**
 * Footer link tabs (spec §2 Footer): hovering or clicking a tab shows its links and its own disclaimer. Every tab's
 * links are in the HTML, the others hidden, so that they are links of the page for a crawler and without script, not
 * only after a click.
 */
export function FooterTabs({ tabs }: { tabs: FooterTab[] }) {
  const [current, setCurrent] = useState(tabs[0]?.key ?? '');
  const shown = tabs.find((t) => t.key === current) ?? tabs[0];
  return (
    <div className="footer-tabs">
      <div className="footer-tabs__titles" role="tablist">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === shown?.key}
            className={t.key === shown?.key ? 'is-active' : undefined}
            onMouseEnter={() => setCurrent(t.key)}
            onClick={() => setCurrent(t.key)}
          >
            {t.title}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <div key={t.key} className="footer-tabs__links" role="tabpanel" aria-label={t.title} hidden={t.key !== shown?.key}>
          <div className="footer-tabs__link-row">
            {t.links.map((l) => (
              <a key={`${l.id}-${l.url}`} href={l.url}>
                {l.name}
              </a>
            ))}
          </div>
          <p className="site-footer__disclaimer">{t.disclaimer}</p>
        </div>
      ))}
    </div>
  );
}
