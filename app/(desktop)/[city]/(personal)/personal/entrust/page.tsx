import { redirect } from 'next/navigation';

/** spec §2: /personal/entrust has its sub-pages only; the owner's list is 委托管理. */
export default function EntrustIndexPage() {
  redirect('/personal/entrust/manage');
}
