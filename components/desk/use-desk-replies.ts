'use client';
import { useState } from 'react';
import type { DeskListing } from '@contracts/im';
import { IM_LAYOUT } from '@contracts/im-constants';
import { deskApi } from './desk-api';

export interface DeskReplies {
  /** A call in flight: the composer's and the answers' buttons wait. */
  busy: boolean;
  /** The agent's listings to pick a property card from, while the picker is open. */
  picker: DeskListing[] | null;
  openPicker: () => void;
  closePicker: () => void;
  /** Sends one message's content to the open conversation; true when it was stored. */
  send: (content: object) => Promise<boolean>;
  sendText: (text: string) => Promise<boolean>;
  sendImage: (file: File) => Promise<void>;
  sendListing: (listing: Pick<DeskListing, 'businessType' | 'listingId'>) => Promise<void>;
}

/**
 * What the agent sends to the open conversation (text, an image, a property card, the agent's card, a phone request
 * or its answer), and the busy state around it; failures go to `fail`. `afterSend` catches the conversation up
 * with what was stored (the socket may be away).
 */
export function useDeskReplies({
  openUser,
  afterSend,
  fail,
  setError,
}: {
  openUser: number | null;
  afterSend: (userId: number) => Promise<void>;
  fail: (err: unknown) => void;
  setError: (message: string) => void;
}): DeskReplies {
  const [busy, setBusy] = useState(false);
  const [picker, setPicker] = useState<DeskListing[] | null>(null);

  const send = async (content: object): Promise<boolean> => {
    if (openUser === null) return false;
    setBusy(true);
    setError('');
    try {
      await deskApi.send(openUser, content);
      await afterSend(openUser);
      return true;
    } catch (err) {
      fail(err);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const sendImage = async (file: File) => {
    setBusy(true);
    setError('');
    try {
      const image = await deskApi.image(file);
      setBusy(false);
      await send({ layout: IM_LAYOUT.IMAGE, msgList: [image.key] });
    } catch (err) {
      fail(err);
      setBusy(false);
    }
  };

  const sendListing = async ({ businessType, listingId }: Pick<DeskListing, 'businessType' | 'listingId'>) => {
    if (await send({ layout: IM_LAYOUT.PROPERTY, layoutDetail: { businessType, listingId } })) setPicker(null);
  };

  return {
    busy,
    picker,
    openPicker: () => void deskApi.listings().then(setPicker, fail),
    closePicker: () => setPicker(null),
    send,
    sendText: (text) => send({ layout: IM_LAYOUT.TEXT, msgDetail: text }),
    sendImage,
    sendListing,
  };
}
