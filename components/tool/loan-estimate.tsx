import Link from 'next/link';
import { DEFAULT_TERMS, commercialRate } from '@/lib/tool/loan-rates';
import { mortgage } from '@/lib/tool/mortgage';
import { toolHref } from '@/lib/tool/tool-query';
import { messages } from '@/lib/messages';
import styles from './tool.module.css';

const T = messages.tool;

/**
 * 首付 and 月供 of a price at the default terms (30% down, 30 years, commercial loan at the LPR, 等额本息),
 * linking to the calculator with the price filled in. Nothing when the price is not known (价格待定).
 */
export function LoanEstimate({ totalWan }: { totalWan: number | null }) {
  if (totalWan === null || !(totalWan > 0)) return null;
  const { downPercent, years } = DEFAULT_TERMS;
  const down = (totalWan * downPercent) / 100;
  const loan = (totalWan - down) * 10_000;
  const monthly = mortgage([{ amount: loan, ratePercent: commercialRate(0) }], years, 'equal').firstPayment;
  return (
    <p className={styles.estimate} title={T.estimateTerms(downPercent, years)}>
      {T.estimate(down.toFixed(down < 100 ? 1 : 0).replace(/\.0$/, ''), Math.round(monthly).toString())}
      <Link href={toolHref('mortgage', { price: totalWan, down: downPercent })} prefetch={false}>
        {T.estimateLink}
      </Link>
    </p>
  );
}
