import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Suggestion } from '@contracts/search';
import { CityProvider } from '@/lib/client/city-context';
import { SearchBox } from '@/components/search/search-box';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push, replace: vi.fn(), prefetch: vi.fn() }) }));

const fetchSuggestions = vi.fn();
vi.mock('@/lib/client/api-endpoints', () => ({ fetchSuggestions: (...args: unknown[]) => fetchSuggestions(...args) }));

const wangjing: Suggestion = {
  id: 3,
  name: '望京',
  angle: 3,
  angleName: '商圈',
  parentId: 2,
  address: '朝阳-望京',
  describe: '在售23套',
  propertyTypeName: '',
};

const xiyuan: Suggestion = {
  id: 41,
  name: '望京西园',
  angle: 1,
  angleName: '小区',
  parentId: 0,
  address: '朝阳-望京',
  describe: '在售12套',
  propertyTypeName: '',
};

function renderBox() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <CityProvider
        value={{ cityCode: '110000', cityName: '北京', cityDomain: 'bj', rootDomain: 'localhost:3000', protocol: 'http' }}
      >
        <div>
          <SearchBox
            tabs={[
              { channel: 'esf', label: '二手房' },
              { channel: 'rent', label: '租房' },
            ]}
          />
          <p>outside</p>
        </div>
      </CityProvider>
    </SWRConfig>,
  );
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const input = () => screen.getByRole('combobox', { name: /请输入/ });

describe('SearchBox (spec §4/§5)', () => {
  // The dropdown is a module loaded on first focus or keystroke (React.lazy); have it in the module
  // cache so its import settles within the fake-timer steps below, as it does long before a debounce ends.
  beforeAll(async () => {
    await import('@/components/search/suggestion-list');
  });
  beforeEach(() => {
    vi.useFakeTimers();
    fetchSuggestions.mockReset().mockResolvedValue([wangjing]);
    push.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('makes no call for blank or whitespace-only input', async () => {
    renderBox();
    fireEvent.change(input(), { target: { value: '   ' } });
    await advance(2000);
    fireEvent.change(input(), { target: { value: '' } });
    await advance(2000);
    expect(fetchSuggestions).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('asks once, 500 ms after typing settles', async () => {
    renderBox();
    fireEvent.change(input(), { target: { value: '望' } });
    await advance(300);
    fireEvent.change(input(), { target: { value: '望京' } });
    await advance(499);
    expect(fetchSuggestions).not.toHaveBeenCalled();
    await advance(1);
    await advance(0);
    expect(fetchSuggestions).toHaveBeenCalledTimes(1);
    expect(fetchSuggestions.mock.calls[0]![1]).toEqual({ cityCode: '110000', channelCode: 'esf', keyword: '望京' });
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(screen.getByText('朝阳-望京')).toBeTruthy();
  });

  it('hides the dropdown on an outside click and on empty input', async () => {
    renderBox();
    fireEvent.change(input(), { target: { value: '望京' } });
    await advance(600);
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.focus(input());
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.change(input(), { target: { value: '' } });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('goes to the suggestion path on a choice and hides the dropdown', async () => {
    renderBox();
    fireEvent.change(input(), { target: { value: '望京' } });
    await advance(600);
    fireEvent.click(screen.getByText('朝阳-望京'));
    expect(push).toHaveBeenCalledWith('/ershoufang/dc2/ta3/key%E6%9C%9B%E4%BA%AC/');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('is a combobox that owns its listbox, and says when it is expanded', async () => {
    renderBox();
    expect(input().getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(input(), { target: { value: '望京' } });
    await advance(600);
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(input().getAttribute('aria-autocomplete')).toBe('list');
  });

  it('ArrowDown/ArrowUp move the active option (aria-activedescendant), wrapping round; Enter goes to it', async () => {
    fetchSuggestions.mockResolvedValue([wangjing, xiyuan]);
    renderBox();
    fireEvent.change(input(), { target: { value: '望京' } });
    await advance(600);
    const [first, second] = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-activedescendant')).toBe(first!.id);
    expect(first!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-activedescendant')).toBe(second!.id);
    expect(first!.getAttribute('aria-selected')).toBe('false');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-activedescendant')).toBe(first!.id);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(input().getAttribute('aria-activedescendant')).toBe(second!.id);
    // Enter submits the form: with an active option it goes to that option, not to the keyword.
    fireEvent.submit(input().closest('form')!);
    expect(push).toHaveBeenCalledWith('/ershoufang/e41/');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('Esc closes the list and forgets the active option; Enter then searches the keyword', async () => {
    renderBox();
    fireEvent.change(input(), { target: { value: '望京' } });
    await advance(600);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.submit(input().closest('form')!);
    expect(push).toHaveBeenCalledWith('/ershoufang/key%E6%9C%9B%E4%BA%AC/');
    // ArrowDown opens it again at the first option.
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-activedescendant')).toBe(within(screen.getByRole('listbox')).getAllByRole('option')[0]!.id);
  });

  it('Enter goes to key{keyword}/ of the chosen channel', async () => {
    renderBox();
    fireEvent.change(screen.getByRole('combobox', { name: '搜索类别' }), { target: { value: 'rent' } });
    fireEvent.change(input(), { target: { value: ' 望京 ' } });
    fireEvent.submit(input().closest('form')!);
    expect(push).toHaveBeenCalledWith('/zufang/key%E6%9C%9B%E4%BA%AC/');
  });

  it('a banner tab is a link to its list page; with a keyword typed, to that list searched for it (spec §2 Home)', () => {
    renderBox();
    const tabs = screen.getByRole('navigation', { name: '找房频道' });
    const rent = within(tabs).getByRole('link', { name: '租房' });
    expect(rent.getAttribute('href')).toMatch(/^\/zufang\/?$/);
    expect(within(tabs).getByRole('link', { name: '二手房' }).getAttribute('href')).toMatch(/^\/ershoufang\/?$/);
    fireEvent.change(input(), { target: { value: ' 望京 ' } });
    fireEvent.click(rent);
    expect(push).toHaveBeenCalledWith('/zufang/key%E6%9C%9B%E4%BA%AC/');
  });

  it('the home box keeps its channel and keyword for the next time the home is shown (spec §2 index layout)', () => {
    const home = () =>
      render(
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <SearchBox
            keepAlive
            tabs={[
              { channel: 'esf', label: '二手房' },
              { channel: 'rent', label: '租房' },
            ]}
          />
        </SWRConfig>,
      );
    const first = home();
    fireEvent.change(screen.getByRole('combobox', { name: '搜索类别' }), { target: { value: 'rent' } });
    fireEvent.change(input(), { target: { value: '朝阳' } });
    first.unmount();
    home();
    expect((screen.getByRole('combobox', { name: '搜索类别' }) as HTMLSelectElement).value).toBe('rent');
    expect((input() as HTMLInputElement).value).toBe('朝阳');
  });
});
