import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocatedCityPrompt } from '@/components/city/located-city-prompt';
import { chooseCityHref } from '@/lib/city-choice';
import { readCookie } from '@/lib/client/browser-cookie';
import { CityProvider } from '@/lib/client/city-context';
import { cityChoiceCookie } from '@/lib/client/city-choice';

/** The located city as the backend answers for this visitor: 北京. `asked` records whether the prompt asked at all. */
const asked: boolean[] = [];
vi.mock('@/lib/swr/use-location', () => ({
  useLocation: (ask = true) => {
    asked.push(ask);
    return ask ? { cityCode: '110000', cityDomain: 'bj', cityName: '北京' } : undefined;
  },
}));

const SHANGHAI = { cityCode: '310000', cityName: '上海', cityDomain: 'sh', rootDomain: 'localhost:3000', protocol: 'http' };
const PROMPT = '当前定位城市为北京，是否切换？';

const renderOnShanghai = () =>
  render(
    <CityProvider value={SHANGHAI}>
      <LocatedCityPrompt />
    </CityProvider>,
  );

const forget = () => (document.cookie = 'yj_city_choice=; Max-Age=0; Path=/');

beforeEach(() => {
  asked.length = 0;
  forget();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  cleanup();
  forget();
  vi.restoreAllMocks();
});

describe('the located-city prompt and the visitor’s own choice of city (spec §4 City change prompt)', () => {
  it('offers the located city to a visitor who has chosen none', async () => {
    renderOnShanghai();
    expect(await screen.findByText(PROMPT)).toBeTruthy();
  });

  it('does not question a city reached through a link that chose it, remembers it, and takes the mark off the address', async () => {
    window.history.replaceState(null, '', '/#xuancheng');
    renderOnShanghai();
    await act(async () => {});
    expect(screen.queryByText(PROMPT)).toBeNull();
    expect(readCookie('yj_city_choice')).toBe('sh');
    expect(window.location.hash).toBe('');
    // A visitor who has chosen is not located at all.
    expect(asked).not.toContain(true);

    // The next visit (no mark) still knows the choice.
    cleanup();
    window.history.replaceState(null, '', '/ershoufang/');
    renderOnShanghai();
    await act(async () => {});
    expect(screen.queryByText(PROMPT)).toBeNull();
  });

  it('remembers 取消 as a choice to stay', async () => {
    renderOnShanghai();
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    expect(readCookie('yj_city_choice')).toBe('sh');
    cleanup();
    renderOnShanghai();
    await act(async () => {});
    expect(screen.queryByText(PROMPT)).toBeNull();
  });

  it('links that choose a city carry the mark', () => {
    expect(chooseCityHref('sh', SHANGHAI)).toBe('http://sh.localhost:3000/#xuancheng');
  });

  it('keeps the choice on the root domain where it has a dot, so every city knows it; per city on localhost', () => {
    expect(cityChoiceCookie('sh', { rootDomain: 'youju.com', protocol: 'https' })).toBe(
      'yj_city_choice=sh; Max-Age=2592000; Path=/; SameSite=Lax; Domain=youju.com; Secure',
    );
    expect(cityChoiceCookie('sh', { rootDomain: 'youju.localhost:3000', protocol: 'http' })).toBe(
      'yj_city_choice=sh; Max-Age=2592000; Path=/; SameSite=Lax; Domain=youju.localhost',
    );
    expect(cityChoiceCookie('sh', { rootDomain: 'localhost:3000', protocol: 'http' })).toBe(
      'yj_city_choice=sh; Max-Age=2592000; Path=/; SameSite=Lax',
    );
  });
});
