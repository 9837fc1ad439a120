import { redirect } from 'next/navigation';

/** `/personal/house` is 卖房管理. */
export default function HouseIndexPage() {
  redirect('/personal/house/ershoufang');
}
