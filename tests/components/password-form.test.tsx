import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { PasswordForm } from '@/components/account/password-form';
import { passwordFormProblem, passwordRequestOf } from '@/components/account/use-password-form';

const refresh = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh, push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }) }));
const api = vi.hoisted(() => ({ changePassword: vi.fn(), sendAccountSmsCode: vi.fn() }));
vi.mock('@/lib/client/api-endpoints', () => api);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = async (name: RegExp) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

describe('PasswordForm: the rules are checked before anything is sent', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(cleanup);

  it('shows the rule under the new password', () => {
    render(<PasswordForm hasPassword mobile="138****8000" />);
    expect(screen.getByText('密码规则：8-20位，需同时包含字母和数字，可用英文符号')).toBeTruthy();
  });

  it.each([
    ['no current password', '', 'abc12345', 'abc12345', '请输入当前密码'],
    ['too short', 'old', 'abc1234', 'abc1234', '密码为8-20位'],
    ['too long', 'old', 'abcd1234abcd1234abcd1', 'abcd1234abcd1234abcd1', '密码为8-20位'],
    ['letters only', 'old', 'abcdefgh', 'abcdefgh', '密码需同时包含字母和数字'],
    ['digits only', 'old', '12345678', '12345678', '密码需同时包含字母和数字'],
    ['a space', 'old', 'abc 12345', 'abc 12345', '密码只能包含字母、数字和英文符号，不能有空格'],
    ['not the same twice', 'old', 'abc12345', 'abc12346', '两次输入的新密码不一致'],
  ])('%s: %s', async (_, current, next, confirm, message) => {
    render(<PasswordForm hasPassword mobile="138****8000" />);
    type('当前密码', current);
    type('新密码', next);
    type('确认新密码', confirm);
    await submit(/确认修改/);
    expect(alertText()).toBe(message);
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it('a good change is sent with the current password, the fields are emptied and the page refreshed', async () => {
    api.changePassword.mockResolvedValue({ endedSessions: 2 });
    render(<PasswordForm hasPassword mobile="138****8000" />);
    type('当前密码', 'old-pass1');
    type('新密码', 'abc12345!');
    type('确认新密码', 'abc12345!');
    await submit(/确认修改/);
    await waitFor(() => expect(api.changePassword).toHaveBeenCalledTimes(1));
    expect(api.changePassword.mock.calls[0]![1]).toEqual({
      method: 'password',
      currentPassword: 'old-pass1',
      newPassword: 'abc12345!',
    });
    expect((await screen.findByRole('status')).textContent).toBe('密码已修改，其他2处登录已退出');
    expect((screen.getByLabelText('新密码') as HTMLInputElement).value).toBe('');
    expect(refresh).toHaveBeenCalled();
  });

  it('the backend’s refusal is shown as it is', async () => {
    api.changePassword.mockRejectedValue(new ApiError(4000000, '当前密码错误', 400));
    render(<PasswordForm hasPassword mobile="138****8000" />);
    type('当前密码', 'wrong');
    type('新密码', 'abc12345');
    type('确认新密码', 'abc12345');
    await submit(/确认修改/);
    expect((await screen.findByRole('alert')).textContent).toBe('当前密码错误');
  });

  it('without a password, the SMS proof only: a code of 6 digits, sent to the masked mobile', async () => {
    render(<PasswordForm hasPassword={false} mobile="138****8000" />);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByLabelText('当前密码')).toBeNull();
    expect(screen.getByText('验证码将发送至138****8000')).toBeTruthy();
    type('验证码', '12345');
    type('新密码', 'abc12345');
    type('确认新密码', 'abc12345');
    await submit(/设置密码/);
    expect(alertText()).toBe('请输入6位验证码');
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it('获取验证码 waits as long as the backend says before another may be asked', async () => {
    api.sendAccountSmsCode.mockResolvedValue({ resendAfter: 42 });
    render(<PasswordForm hasPassword mobile="138****8000" />);
    fireEvent.click(screen.getByRole('tab', { name: '验证手机短信' }));
    await submit(/获取验证码/);
    expect((await screen.findByRole('status')).textContent).toBe('验证码已发送');
    expect(screen.getByRole('button', { name: '42秒后重新获取' })).toHaveProperty('disabled', true);
  });
});

describe('passwordFormProblem', () => {
  const ok = { proof: 'password' as const, current: 'x', code: '', next: 'abc12345', confirm: 'abc12345' };
  it('passes a good change and names the first problem in the order the user meets them', () => {
    expect(passwordFormProblem(ok)).toBeNull();
    expect(passwordFormProblem({ ...ok, current: '', next: 'short' })).toBe('请输入当前密码');
    expect(passwordFormProblem({ ...ok, proof: 'sms', code: ' 123456 ' })).toBeNull();
    expect(passwordFormProblem({ ...ok, proof: 'sms', code: '12345a' })).toBe('请输入6位验证码');
    expect(passwordFormProblem({ ...ok, next: 'abcdefgh', confirm: 'x' })).toBe('密码需同时包含字母和数字');
  });
  it('8 and 20 characters are allowed', () => {
    expect(passwordFormProblem({ ...ok, next: 'abcdef12', confirm: 'abcdef12' })).toBeNull();
    const twenty = 'a1'.repeat(10);
    expect(passwordFormProblem({ ...ok, next: twenty, confirm: twenty })).toBeNull();
  });
  it('the SMS request sends the trimmed code', () => {
    expect(passwordRequestOf({ ...ok, proof: 'sms', code: ' 123456 ' })).toEqual({
      method: 'sms',
      code: '123456',
      newPassword: 'abc12345',
    });
  });
});
