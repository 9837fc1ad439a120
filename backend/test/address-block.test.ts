import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBlock, NOT_AN_ADDRESS } from '@contracts/address-block';
import { ApiPath, RequestHeader } from '@contracts/paths';
import { TRACKING_VIEW_LIMIT } from '@contracts/tracking';
import { agents } from '../src/db/schema';
import { PHONE_CAPS } from '../src/modules/portal/agents';
import { startHarness, type Harness } from './harness';

/**
 * Every per-address limit counts an IPv6 visitor by its /64, the block one subscriber is given: a probe sent 400 of
 * 400 tracking calls (limit 240) and revealed 60 virtual numbers an hour (cap 20) from one /64 by changing the last
 * 64 bits. The backend trusts X-Forwarded-For from loopback (the web on this machine), as inject's requests come.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.app.ready();
});
afterAll(() => h?.close());

/** The n-th address of a /64 of its own per test (`2001:db8:<block>:1::<n>`). */
const inBlock = (block: number, n: number) =>
  `2001:db8:${block.toString(16)}:1:${(n >> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`;
const from = (address: string, more: Record<string, string> = {}) => ({ 'x-forwarded-for': address, ...more });

describe('addressBlock', () => {
  it('is an IPv4 address itself, an IPv6 address’s /64, an IPv4-mapped address’s IPv4', () => {
    expect(addressBlock('203.0.113.5')).toBe('203.0.113.5');
    expect(addressBlock('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressBlock('not an address')).toBe(NOT_AN_ADDRESS);
    expect(addressBlock('also none')).toBe(NOT_AN_ADDRESS);
    // A zone id names an interface of this machine: `…%z.1`, `…%z.2` are one visitor's /64 (Node's isIP takes them).
    expect(addressBlock('2001:db8:aaaa:bbbb::1%z.1')).toBe('2001:db8:aaaa:bbbb::/64');
    expect(addressBlock('2001:db8:aaaa:bbbb::2%z.2')).toBe('2001:db8:aaaa:bbbb::/64');
    expect(addressBlock('fe80::1%eth0')).toBe(addressBlock('fe80::2'));
  });
});

describe('limits per /64', () => {
  it(`tracking: ${TRACKING_VIEW_LIMIT} batches a minute from one /64, whatever its last 64 bits`, async () => {
    const event = { eventTm: Date.now(), pagePath: '/ershoufang/', eventType: 'page_view', deviceChannel: 4 };
    const send = (n: number) =>
      h.app.inject({
        method: 'POST',
        url: ApiPath.trackingView,
        payload: [event],
        headers: from(inBlock(1, n), { origin: 'http://bj.localhost:3000' }),
      });
    for (let n = 0; n < TRACKING_VIEW_LIMIT; n++) expect((await send(n)).statusCode).toBe(200);
    expect((await send(TRACKING_VIEW_LIMIT)).statusCode).toBe(429);
    // Another /64 has its own count.
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: ApiPath.trackingView,
          payload: [event],
          headers: from(inBlock(2, 0), { origin: 'http://bj.localhost:3000' }),
        })
      ).statusCode,
    ).toBe(200);
  });

  it(`拨打电话: ${PHONE_CAPS.address.hour} agents an hour for one /64, each ask from a new address and device`, async () => {
    const ids = (await h.database.db.select({ id: agents.id }).from(agents).where(eq(agents.status, 1)))
      .map((r) => r.id)
      .slice(0, PHONE_CAPS.address.hour + 1);
    const ask = (agentId: number, n: number) =>
      h.app.inject({
        method: 'POST',
        url: ApiPath.agentPhone,
        payload: { agentId },
        headers: from(inBlock(3, n), { [RequestHeader.deviceCode]: `block-device-${n}` }),
      });
    for (let n = 0; n < PHONE_CAPS.address.hour; n++) expect((await ask(ids[n]!, n)).statusCode).toBe(200);
    expect((await ask(ids[PHONE_CAPS.address.hour]!, PHONE_CAPS.address.hour)).statusCode).toBe(429);
  });

  it('a limit without a key of its own (SMS codes, 30 an hour) counts the /64 too (the rate-limit plugin’s default key did already; ours is now the same function)', async () => {
    const sms = (n: number) =>
      h.app.inject({
        method: 'POST',
        url: ApiPath.smsCode,
        payload: { mobile: `139${String(10_000_000 + n).slice(-8)}` },
        headers: from(inBlock(4, n), { origin: 'http://bj.localhost:3000' }),
      });
    for (let n = 0; n < 30; n++) expect((await sms(n)).statusCode).toBe(200);
    expect((await sms(30)).statusCode).toBe(429);
  });
});
