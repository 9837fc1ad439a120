import type { ProjectNewsItem } from '@contracts/project-pages';
import { formatDate } from '@/lib/format';
import { messages } from '@/lib/messages';
import './project.css';

const M = messages.projectPages;

/** 楼盘动态: a project's news, newest first, each with its kind, title, text and date. */
export function ProjectNews({ items }: { items: ProjectNewsItem[] }) {
  if (items.length === 0) return <p className="project-pages__empty">{M.noNews}</p>;
  return (
    <ol className="project-news">
      {items.map((n) => (
        <li key={n.id} className="project-news__item">
          <div className="project-news__head">
            <span className={`project-news__kind project-news__kind--${n.kind}`}>{M.newsKinds[n.kind]}</span>
            <h2 className="project-news__title">{n.title}</h2>
            <time dateTime={n.publishedAt}>{formatDate(n.publishedAt)}</time>
          </div>
          <p className="project-news__body">{n.body}</p>
        </li>
      ))}
    </ol>
  );
}
