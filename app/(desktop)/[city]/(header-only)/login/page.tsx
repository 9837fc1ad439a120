import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LoginForm } from '@/components/login/login-form';
import { getUser } from '@/lib/server/city-data';
import { messages } from '@/lib/messages';
import { safeReturnPath } from '@/lib/return-path';
import '@/components/login/login.css';

// Reads the visitor's session and return path: never one render for everyone (app/(desktop)/[city]/layout.tsx).
export const dynamic = 'force-dynamic';

// No index keeps a login page (robots.txt disallows it too); its description is the promo it shows.
export const metadata: Metadata = {
  title: `${messages.login} - ${messages.brand}`,
  description: messages.loginPromo,
  robots: { index: false, follow: true },
};

interface LoginPageProps {
  searchParams: Promise<{ prePath?: string | string[] }>;
}

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const raw = (await searchParams).prePath;
  const prePath = safeReturnPath(Array.isArray(raw) ? raw[0] : raw, '/');
  // Already logged in: nothing to do here.
  if (await getUser()) redirect(prePath);
  return (
    <div className="login-page">
      <div className="login-page__promo">
        {/* The page's heading level one: the brand the visitor logs in to (the form's tabs name the two ways). */}
        <h1>{messages.brand}</h1>
        <p>{messages.loginPromo}</p>
      </div>
      <LoginForm prePath={prePath} />
    </div>
  );
}
