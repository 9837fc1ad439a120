import Link from 'next/link';
import { NEWS_CATEGORIES, type NewsCategory } from '@contracts/news';
import { messages } from '@/lib/messages';
import { categoryPath, NEWS_ROOT } from '@/lib/news-paths';
import './news.css';

/** The 资讯 section's tabs: its front page and the four categories (copy.md "news categories"). */
export function NewsNav({ active }: { active?: NewsCategory }) {
  return (
    <nav className="news-nav" aria-label={messages.news.title}>
      <div className="container news-nav__inner">
        <Link href={NEWS_ROOT} className={active ? undefined : 'is-active'} aria-current={active ? undefined : 'page'}>
          {messages.news.front}
        </Link>
        {NEWS_CATEGORIES.map((c) => (
          <Link key={c} href={categoryPath(c)} className={c === active ? 'is-active' : undefined}>
            {messages.newsCategories[c]}
          </Link>
        ))}
      </div>
    </nav>
  );
}
