import { describe, expect, it } from 'vitest';
import { RequestHeader } from '@contracts/paths';
import { commonHeaders } from '@/lib/api/core';
import { DEVICE_NAMES } from '@/lib/api/device-names';
import { browserContext } from '@/lib/client/api';

describe('spec §7 device name: each front names itself', () => {
  it('sends the device name of the front that calls, not one fixed for every front', () => {
    const another = commonHeaders({ baseURL: '', deviceName: 'm-web' }, false);
    expect(another[RequestHeader.deviceName]).toBe('m-web');
    const desktop = commonHeaders({ baseURL: '', deviceName: DEVICE_NAMES.desktop }, false);
    expect(desktop[RequestHeader.deviceName]).toBe('pc-web');
  });

  it('keeps what the backend has always seen from the desktop site: pc-web, in its pages and its islands', () => {
    expect(DEVICE_NAMES.desktop).toBe('pc-web');
    expect(browserContext().deviceName).toBe('pc-web');
  });
});
