import { describe, expect, it } from 'vitest';
import { sessionToken } from '@/lib/session-cookie';

describe('sessionToken', () => {
  it('takes the first yj_token, as the backend does', () => {
    expect(sessionToken('yj_token=B; yj_token=A')).toBe('B');
    expect(sessionToken('yj_device=d1; yj_token=abc%3D; other=x')).toBe('abc=');
  });
  it('finds none where there is none', () => {
    for (const header of [null, undefined, '', 'yj_tokenx=1', 'x_yj_token=1', 'yj_token=', 'yj_token'])
      expect(sessionToken(header)).toBeUndefined();
  });
  it('keeps a value that does not decode', () => {
    expect(sessionToken('yj_token=%E0%A4%A')).toBe('%E0%A4%A');
  });
});
