import Link from 'next/link';
import type { SimilarItem } from '@/lib/listing/similar-items';
import styles from './similar-listings.module.css';

/**
 * 相似房源 (相似小区, 相似楼盘) under a detail: up to six records like this one, from the channel's `/similar/{id}`
 * (backend modules/listings/similar.ts). Nothing when there are none, or when that call failed: the page stands
 * without it. Photos load lazily: the block sits far below the first screen.
 */
export function SimilarListings({ title, items }: { title: string; items: SimilarItem[] | null }) {
  if (!items || items.length === 0) return null;
  return (
    <section className="section" aria-labelledby="similar-homes-title">
      <h2 className="section__title" id="similar-homes-title">
        {title}
      </h2>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id} className={styles.item}>
            <Link href={item.href} className={styles.link}>
              {/* eslint-disable-next-line @next/next/no-img-element -- photos come from the backend's object store at run time */}
              <img src={item.coverUrl} alt="" loading="lazy" width={180} height={135} />
              {/* similar-home__title: the browser tests' handle on a title. */}
              <span className={`${styles.title} similar-home__title`}>{item.title}</span>
            </Link>
            <span className={styles.facts}>{item.facts}</span>
            <span className={styles.price}>
              <strong>{item.price.value}</strong>
              {item.price.unit}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
