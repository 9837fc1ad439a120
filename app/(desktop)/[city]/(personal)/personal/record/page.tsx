import { redirect } from 'next/navigation';

/** `/personal/record` is 看房记录 of second-hand homes, as `/personal/house` and `/personal/entrust` lead to theirs. */
export default function RecordIndexPage() {
  redirect('/personal/record/ershoufang');
}
