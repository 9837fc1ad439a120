'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { sectionAt } from '@contracts/channel-sections';
import type { Menu } from '@contracts/city';
import { SearchBox } from '@/components/search/search-box';
import { messages } from '@/lib/client/messages';
import { keywordOf } from '@/lib/search-keyword';
import { activeMenu } from './active-menu';
import '@/components/search/search-box.css';

/*
 * The parts of the header that follow the section being viewed (spec §2 Header "The logo and search box change
 * with the section"). They read the path in the browser: the header belongs to a layout, which a
 * client navigation from /zufang/ to /ershoufang/ keeps as it was rendered, so a path read on the server would
 * leave 租房 highlighted. usePathname gives the visitor's path (not the rewritten /bj/…) on the server too.
 */

/** The channel of the page being viewed, if any. */
function useChannel() {
  const pathname = usePathname();
  return { pathname, channel: sectionAt(pathname) };
}

/**
 * The brand, with the section's name beside it on a channel's pages (优居 | 租房). Named by the words it shows
 * (WCAG 2.5.3: 优居租房 is what a speech user reads and says); the mark's 优 is a picture of the brand, not a word.
 */
export function SectionLogo() {
  const { channel } = useChannel();
  return (
    <Link href="/" className="logo">
      <span className="logo__mark" aria-hidden="true">
        优
      </span>
      <span className="logo__text">{messages.brand}</span>
      {channel && <span className="logo__section">{messages.channelNames[channel.code]}</span>}
    </Link>
  );
}

export interface MainNavProps {
  /** The city's menu entries (already filtered by its flags). */
  items: Menu[];
  /** A fixed highlight (the home layout says 'index'); otherwise the section of the path. */
  active?: string;
}

export function MainNav({ items, active }: MainNavProps) {
  const { pathname } = useChannel();
  const current = active ?? activeMenu(items, pathname);
  return (
    <nav className="main-nav" aria-label={messages.a11y.mainNav}>
      {items.map((m) => {
        const link = (
          <Link
            key={m.permiCode}
            href={m.jumpPage}
            className={m.permiCode === current ? 'is-active' : undefined}
            aria-current={m.permiCode === current ? 'page' : undefined}
          >
            {m.permiName}
          </Link>
        );
        if (m.children.length === 0) return link;
        // spec §2 Header: 商铺 and 写字楼 open their sale and rent lists (商铺出售 / 商铺出租) on hover.
        return (
          <div key={m.permiCode} className="main-nav__group">
            {link}
            <div className="main-nav__sub">
              {m.children.map((c) => (
                <Link key={c.permiCode} href={c.jumpPage}>
                  {c.permiName}
                </Link>
              ))}
            </div>
          </div>
        );
      })}
    </nav>
  );
}

/**
 * The section's search bar under the header: on a channel's pages it searches that channel (suggestions and
 * Enter), showing the keyword of the list being viewed. None elsewhere: the home has its banner search.
 */
export function SectionSearch() {
  const { pathname, channel } = useChannel();
  if (!channel) return null;
  const keyword = keywordOf(pathname.slice(channel.listPath.length).split('/')) ?? '';
  return (
    <div className="section-search">
      <div className="container section-search__inner">
        {/* A new channel or keyword starts a fresh box (its state would otherwise outlive the navigation). */}
        <SearchBox
          key={`${channel.code}:${keyword}`}
          tabs={[{ channel: channel.code, label: messages.channelNames[channel.code] }]}
          initialKeyword={keyword}
        />
      </div>
    </div>
  );
}
