/**
 * spec §7 device name: every call tells the backend which front made it, so each front passes its own (CallContext
 * `deviceName`). The desktop site of the city hosts is `pc-web`, as it always was. The agent desk's calls
 * (components/desk/desk-api.ts) name none, as before. The mobile site and the operators' console add theirs here.
 */
export const DEVICE_NAMES = {
  desktop: 'pc-web',
} as const;

/** A front that calls the portal API. */
export type Front = keyof typeof DEVICE_NAMES;
