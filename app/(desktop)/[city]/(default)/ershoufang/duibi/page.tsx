import { ComparePage, compareMetadata, type ComparePageProps } from '@/components/compare/compare-page';

// The ids are the query: each comparison is its own render, for everyone alike.
export const dynamic = 'force-dynamic';

export const generateMetadata = compareMetadata('esf');

/** 房源对比 of the channel (components/compare/compare-page.tsx). */
export default function Page(props: ComparePageProps) {
  return <ComparePage channel="esf" {...props} />;
}
