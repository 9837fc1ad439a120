/** A detail page's 基本信息: label and value pairs in two columns. */
export function FactsSection({ title, facts }: { title: string; facts: [string, string][] }) {
  return (
    <section className="section">
      <h2 className="section__title">{title}</h2>
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
