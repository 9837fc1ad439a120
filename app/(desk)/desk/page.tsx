import { DeskApp } from '@/components/desk/desk-app';
import { config } from '@/lib/server/config';
import { messages } from '@/lib/messages';

// The page is the same shell for everyone (the desk cookie is read by the desk's own calls only, Path /api/desk), but
// it belongs to one agent's screen: never in the page cache or a shared cache, so it stays dynamic.
export const dynamic = 'force-dynamic';

/**
 * 经纪人工作台 on `desk.{root}`: the client app logs in with the operator's token and works the agent's conversations
 * through /api/desk/*. Property cards link to the listing on its city's host, built from the portal's root here.
 */
export default function DeskPage() {
  return <DeskApp copy={messages.desk} portal={{ protocol: config.protocol, rootDomain: config.rootDomain }} />;
}
