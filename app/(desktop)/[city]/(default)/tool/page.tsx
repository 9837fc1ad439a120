import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AffordCalculator } from '@/components/tool/afford-calculator';
import { MortgageCalculator } from '@/components/tool/mortgage-calculator';
import { TaxCalculator } from '@/components/tool/tax-calculator';
import styles from '@/components/tool/tool.module.css';
import { JsonLd } from '@/components/seo/json-ld';
import { getCity } from '@/lib/server/city-data';
import { seoFor } from '@/lib/server/seo';
import { messages } from '@/lib/messages';
import { CALCS, parseToolQuery, toolHref, type Calc } from '@/lib/tool/tool-query';
import type { City } from '@contracts/city';

const T = messages.tool;

// The calculators read the query: each address is its own render (app/(desktop)/[city]/layout.tsx caches the others).
export const dynamic = 'force-dynamic';

interface ToolPageProps {
  params: Promise<{ city: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * Each calculator's one address is its tab (`/tool`, `/tool?calc=tax`): a result's query is the same page to a crawler.
 */
const toolSeo = (city: City, calc: Calc) =>
  seoFor({
    city,
    path: calc === CALCS[0] ? '/tool' : toolHref(calc),
    name: T.tabs[calc],
    description: messages.seo.tool(city.cityName, T.tabs[calc]),
  });

export async function generateMetadata({ params, searchParams }: ToolPageProps): Promise<Metadata> {
  const city = await getCity((await params).city);
  if (!city) notFound();
  return toolSeo(city, parseToolQuery(await searchParams).calc).metadata;
}

/**
 * 购房工具 (spec §2 /tool): 房贷计算器, 税费计算器 and 购房能力评估. Everything is in the address and rendered
 * here, so a result is shared by its link and read without JavaScript; only the chart is drawn in the browser.
 */
export default async function ToolPage({ params, searchParams }: ToolPageProps) {
  const city = await getCity((await params).city);
  if (!city) notFound();
  const state = parseToolQuery(await searchParams);
  return (
    <div className={`container ${styles.page}`}>
      <JsonLd data={toolSeo(city, state.calc).jsonLd} />
      <h1 className="section__title">{T.tabs[state.calc]}</h1>
      <nav className={styles.tabs} aria-label={T.title}>
        {CALCS.map((c) => (
          <Link key={c} href={toolHref(c)} aria-current={c === state.calc ? 'page' : undefined} prefetch={false}>
            {T.tabs[c]}
          </Link>
        ))}
      </nav>
      {state.rejected.length > 0 && (
        <p className={styles.alert} role="alert">
          {T.rejected(state.rejected.map((f) => T.fields[f]).join('、'))}
        </p>
      )}
      {state.calc === 'mortgage' && <MortgageCalculator state={state.mortgage} />}
      {state.calc === 'tax' && <TaxCalculator state={state.tax} />}
      {state.calc === 'afford' && <AffordCalculator state={state.afford} />}
    </div>
  );
}
