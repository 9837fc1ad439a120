import Link from 'next/link';
import '@/components/project/project.css';

/** A detail page's 基本信息: label and value pairs in two columns; `more` links a page with the rest. */
export function FactsSection({
  title,
  facts,
  more,
}: {
  title: string;
  facts: [string, string][];
  more?: { href: string; label: string };
}) {
  return (
    <section className="section">
      <h2 className="section__title">
        {title}
        {more && (
          <Link className="section__more" href={more.href}>
            {more.label}
          </Link>
        )}
      </h2>
      <dl className="facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
