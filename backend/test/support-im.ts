import type { WebSocket } from 'ws';
import type { ImMessage } from '@contracts/im';

/** The next stored message pushed to a chat socket (pings skipped). */
export const nextMessage = (socket: WebSocket) =>
  new Promise<ImMessage>((resolve) => {
    const on = (data: unknown) => {
      const frame = JSON.parse(String(data)) as { messageType: number; messageContent?: string };
      if (frame.messageType !== 1) return;
      socket.off('message', on);
      resolve(JSON.parse(frame.messageContent!) as ImMessage);
    };
    socket.on('message', on);
  });
