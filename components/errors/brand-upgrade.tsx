import { messages } from '@/lib/messages';

/** spec §8 status 303: the brand moved; offer the new site. */
export function BrandUpgrade({ href }: { href: string }) {
  return (
    <div className="error-page">
      <div className="error-page__code">303</div>
      <h1>{messages.brandUpgrade}</h1>
      <a href={href} className="btn btn--primary">
        {messages.visitNewSite}
      </a>
    </div>
  );
}
