import Link from 'next/link';
import { verifyCodeOf, type VerifiableChannel } from '@contracts/verify-code';
import '@/components/fixed/fixed-pages.css';
import { messages } from '@/lib/messages';
import { sharePath, validatePath } from '@/lib/share-paths';

/**
 * The line under a listing's facts (issue 23 "/validate"): its 房源核验码, which `/validate` vouches for, with the
 * links to check it and to share the listing (`/share`).
 */
export function ListingProof({ channel, id }: { channel: VerifiableChannel; id: number }) {
  const code = verifyCodeOf(channel, id);
  const P = messages.listingProof;
  return (
    <p className="listing-proof">
      {P.code}：<span className="listing-proof__code">{code}</span>
      <Link href={validatePath(code)}>{P.check}</Link>
      <Link href={sharePath(channel, id)}>{P.share}</Link>
    </p>
  );
}
