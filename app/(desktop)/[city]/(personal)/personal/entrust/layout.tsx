import type { ReactNode } from 'react';
import './entrust.css';

/** 我要卖房 / 我要出租 / 委托管理 / 经纪公司: their own styles; the personal layout above checks the session. */
export default function EntrustLayout({ children }: { children: ReactNode }) {
  return children;
}
