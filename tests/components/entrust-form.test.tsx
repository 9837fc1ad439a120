import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { draftJson, draftKey, emptyState, type EntrustFormState } from '@/lib/entrust-form-state';
import { EntrustForm } from '@/components/entrust/entrust-form';
import { EntrustSubmitted } from '@/components/entrust/entrust-submitted';
import { refusalOf, servingBrandIds, shownFor } from '@/components/entrust/use-entrust-form';

const push = vi.fn();
const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh, replace: vi.fn(), prefetch: vi.fn() }) }));
// The 小区 picker's suggestions are the search box's (tested there); here nothing is typed into it.
vi.mock('@/lib/hooks/use-suggestions', () => ({ useSuggestions: () => ({ data: undefined, isLoading: false }) }));

const api = vi.hoisted(() => ({ fetchEntrustBrands: vi.fn(), addEntrust: vi.fn(), updateEntrust: vi.fn() }));
vi.mock('@/lib/client/api-endpoints', () => api);

const USER = 7;
const photo = { key: 'ub/entrust/u7/aaaaaaaaaaaaaaaaaaaaaaaa.jpg', url: '/oss/a.jpg', thumbUrl: '/oss/a_thumb.jpg' };
/** A sale that passes every rule of the page (lib/entrust-form-state.ts), kept as a draft of user 7. */
const completeSale: EntrustFormState = {
  ...emptyState('王先生'),
  communityId: 3,
  communityName: '方舟苑',
  building: '3号楼',
  room: '1201',
  area: '89.5',
  rooms: '2',
  halls: '1',
  baths: '1',
  floor: '12',
  totalFloors: '18',
  orientation: '南北',
  decoration: '精装',
  price: '560.5',
  photos: [photo],
  brandIds: [1],
};
const brands = { brands: [{ id: 1, name: '链家', branchName: '望京店', agentCount: 12 }] };

function renderForm(businessType: 1 | 2 = 1) {
  return render(
    // A fresh cache per test; SWR's own deduping, as on the page.
    <SWRConfig value={{ provider: () => new Map() }}>
      <EntrustForm businessType={businessType} userId={USER} defaultContact="王先生" />
    </SWRConfig>,
  );
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交委托' }));
const fieldErrors = () => [...document.querySelectorAll('[data-field-error]')].map((e) => e.textContent);

describe('EntrustForm: the page checks the fields before anything is sent', () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.clearAllMocks();
    api.fetchEntrustBrands.mockResolvedValue(brands);
  });
  afterEach(cleanup);

  it('an empty sale shows each field’s message, the form’s summary, and sends nothing', async () => {
    renderForm(1);
    await waitFor(() => expect(document.querySelector('form')?.dataset.draftReady).toBe('true'));
    submit();
    const shown = fieldErrors();
    expect(shown).toEqual(
      expect.arrayContaining([
        '请选择小区',
        '楼栋、门牌须为1-10个字',
        '建筑面积须在5-1000㎡之间，最多两位小数',
        '室须为1至9的整数',
        '请选择朝向',
        '请选择装修',
        '请填写期望售价',
        '请至少上传1张房源照片',
        '请选择要委托的经纪公司',
      ]),
    );
    // 楼栋 and 门牌 share a row and a message: it is shown once.
    expect(shown.filter((t) => t === '楼栋、门牌须为1-10个字')).toHaveLength(1);
    expect(screen.getByText('请按提示修改后再提交').getAttribute('role')).toBe('alert');
    expect(api.addEntrust).not.toHaveBeenCalled();
    expect(api.fetchEntrustBrands).not.toHaveBeenCalled();
  });

  it('a rental asks for 出租方式 and 付款方式 too, and names its price 期望租金', async () => {
    renderForm(2);
    await waitFor(() => expect(document.querySelector('form')?.dataset.draftReady).toBe('true'));
    submit();
    expect(fieldErrors()).toEqual(expect.arrayContaining(['请选择出租方式', '请选择付款方式', '请填写期望租金']));
  });

  it('typing into a field in trouble takes its message away', async () => {
    renderForm(1);
    await waitFor(() => expect(document.querySelector('form')?.dataset.draftReady).toBe('true'));
    submit();
    expect(fieldErrors()).toContain('请选择朝向');
    fireEvent.change(screen.getByRole('combobox', { name: '朝向' }), { target: { value: '南北' } });
    expect(fieldErrors()).not.toContain('请选择朝向');
    expect(fieldErrors()).toContain('请选择装修');
  });

  it('a floor above the total is refused with the backend’s words before the call', async () => {
    window.localStorage.setItem(draftKey(USER, 1), draftJson({ ...completeSale, floor: '19' }));
    renderForm(1);
    await screen.findByRole('checkbox', { name: /链家/ });
    submit();
    expect(fieldErrors()).toEqual(['所在楼层不能高于总楼层']);
    expect(api.addEntrust).not.toHaveBeenCalled();
  });
});

describe('EntrustForm: the draft, the brands and the answer', () => {
  beforeEach(() => {
    window.localStorage.clear();
    vi.clearAllMocks();
  });
  afterEach(cleanup);

  it('a restored draft is announced, its community’s brands are asked once, and a good submit goes to 委托管理', async () => {
    api.fetchEntrustBrands.mockResolvedValue(brands);
    api.addEntrust.mockResolvedValue({ id: 1 });
    window.localStorage.setItem(draftKey(USER, 1), draftJson(completeSale));
    renderForm(1);
    await screen.findByText('已恢复上次未提交的内容');
    expect(screen.getByTestId('entrust-community').textContent).toBe('方舟苑');
    const brand = await screen.findByRole('checkbox', { name: /链家/ });
    expect((brand as HTMLInputElement).checked).toBe(true);
    expect(api.fetchEntrustBrands).toHaveBeenCalledTimes(1);
    expect(api.fetchEntrustBrands.mock.calls[0]![1]).toBe(3);
    submit();
    await waitFor(() => expect(push).toHaveBeenCalledWith('/personal/entrust/manage'));
    const sent = api.addEntrust.mock.calls[0]![1];
    expect(sent).toMatchObject({
      businessType: 1,
      communityId: 3,
      floor: 12,
      totalFloors: 18,
      price: 560.5,
      photos: [photo.key],
      brandIds: [1],
    });
    // Submitted: the draft is gone.
    expect(window.localStorage.getItem(draftKey(USER, 1))).toBeNull();
    // 委托管理 confirms it, once: a reload shows the list alone.
    cleanup();
    render(<EntrustSubmitted />);
    expect(await screen.findByText(/^委托已提交，正在审核/)).toBeTruthy();
    cleanup();
    render(<EntrustSubmitted />);
    expect(screen.queryByText(/委托已提交/)).toBeNull();
  });

  it('清空重填 empties the form and forgets the draft', async () => {
    api.fetchEntrustBrands.mockResolvedValue(brands);
    window.localStorage.setItem(draftKey(USER, 1), draftJson(completeSale));
    renderForm(1);
    await screen.findByRole('checkbox', { name: /链家/ });
    fireEvent.click(screen.getByRole('button', { name: '清空重填' }));
    expect(screen.queryByText('已恢复上次未提交的内容')).toBeNull();
    expect(screen.queryByTestId('entrust-community')).toBeNull();
    expect(screen.getByText('请先选择小区，再选择经纪公司')).toBeTruthy();
  });

  it('a brand no longer serving the community is unticked when the brands arrive', async () => {
    api.fetchEntrustBrands.mockResolvedValue({ brands: [{ id: 2, name: '我爱我家', branchName: '望京店', agentCount: 3 }] });
    window.localStorage.setItem(draftKey(USER, 1), draftJson(completeSale));
    renderForm(1);
    await screen.findByRole('checkbox', { name: /我爱我家/ });
    submit();
    expect(fieldErrors()).toEqual(['请选择要委托的经纪公司']);
  });

  it('brands that fail to load say so, and 重试 asks again', async () => {
    api.fetchEntrustBrands.mockRejectedValueOnce(new Error('down')).mockResolvedValue(brands);
    window.localStorage.setItem(draftKey(USER, 1), draftJson(completeSale));
    renderForm(1);
    const failed = await screen.findByText(/经纪公司加载失败，请重试/);
    await act(async () => fireEvent.click(within(failed).getByRole('button', { name: '重试' })));
    await screen.findByRole('checkbox', { name: /链家/ });
    expect(api.fetchEntrustBrands).toHaveBeenCalledTimes(2);
  });

  it('the backend’s `field: message` is shown at its field; any other refusal above the button', async () => {
    api.fetchEntrustBrands.mockResolvedValue(brands);
    api.addEntrust.mockRejectedValueOnce(new ApiError(4000000, 'floor: 所在楼层不能高于总楼层', 400));
    window.localStorage.setItem(draftKey(USER, 1), draftJson(completeSale));
    renderForm(1);
    await screen.findByRole('checkbox', { name: /链家/ });
    submit();
    await screen.findByText('所在楼层不能高于总楼层');
    expect(screen.getByText('请按提示修改后再提交')).toBeTruthy();

    api.addEntrust.mockRejectedValueOnce(new ApiError(4090000, '该房屋已在委托中，请在委托管理中查看', 409));
    submit();
    const alert = await screen.findByText('该房屋已在委托中，请在委托管理中查看');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(push).not.toHaveBeenCalled();
    // Not submitted: the draft stays.
    expect(window.localStorage.getItem(draftKey(USER, 1))).not.toBeNull();
  });
});

describe('the entrust form’s rules', () => {
  it('refusalOf: a field’s message goes to the field, anything else to the form, nothing to 提交失败', () => {
    expect(refusalOf('floor: 所在楼层不能高于总楼层')).toEqual({
      field: { field: 'floor', message: '所在楼层不能高于总楼层' },
      formError: '请按提示修改后再提交',
    });
    expect(refusalOf('photos.2: 照片须为本人上传').field).toEqual({ field: 'photos', message: '照片须为本人上传' });
    expect(refusalOf('操作太频繁，请稍后再试')).toEqual({ formError: '操作太频繁，请稍后再试' });
    expect(refusalOf('')).toEqual({ formError: '提交失败，请稍后再试' });
  });

  it('servingBrandIds keeps the ticked brands still serving, and the same list when all are', () => {
    const ticked = [1, 2];
    expect(servingBrandIds(ticked, [{ id: 1 }, { id: 2 }, { id: 3 }])).toBe(ticked);
    expect(servingBrandIds(ticked, [{ id: 2 }])).toEqual([2]);
    expect(servingBrandIds(ticked, [])).toEqual([]);
  });

  it('shownFor: one message of a row is shown under its first field', () => {
    const same = '楼栋、门牌须为1-10个字';
    expect(shownFor({ building: same, room: same }, 'room')).toBe('building');
    expect(shownFor({ room: same }, 'room')).toBe('room');
    expect(shownFor({ area: 'x' }, 'area')).toBe('area');
  });
});
