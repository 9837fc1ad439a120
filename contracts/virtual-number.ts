/**
 * Virtual numbers (拨打电话): what a visitor is given instead of an agent's mobile, which is in no answer —
 * the portal's 400 line and an extension bound to that agent and that device (in the chat: that user) for 30 days.
 * Zod-free, so the browser's agent card and chat import it without the schemas (contracts/agent.ts has the schema).
 */

/** How long a binding lives: the same device gets the same extension for 30 days, a new one after. */
export const PHONE_BINDING_DAYS = 30;

export interface VirtualNumber {
  /** The portal's line, as configured (VIRTUAL_LINE), e.g. `400-800-1234`. */
  line: string;
  /** The extension (VIRTUAL_EXTENSION_DIGITS wide), e.g. `5678`. */
  extension: string;
  /** ISO time the binding ends. */
  expiresAt: string;
}

/** `400-800-1234 转 5678`: how pages write a virtual number. */
export const virtualNumberText = (n: Pick<VirtualNumber, 'line' | 'extension'>) => `${n.line} 转 ${n.extension}`;

/** `tel:4008001234,5678`: a phone dials the line, pauses (the comma), then keys the extension. */
export const virtualNumberHref = (n: Pick<VirtualNumber, 'line' | 'extension'>) =>
  `tel:${n.line.replace(/\D/g, '')},${n.extension}`;
