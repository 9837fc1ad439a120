'use client';
import { useCallback, useState } from 'react';
import { ResultCode } from '@contracts/envelope';
import { IM_LAYOUT, IM_TOO_MANY_IMAGES_CODE } from '@contracts/im-constants';
import { UPLOAD_MAX_MB } from '@contracts/constants';
import { handleSessionError } from '@/lib/client/api';
import { defaultClientId, isSessionFailure, type ChatClient, type Failure } from '@/lib/chat/chat-client';
import { CHAT_IMAGE_EXTENSIONS, checkImagePick, uploadChatImages, type ImagePickProblem } from '@/lib/chat/chat-images';
import { chatWidgetMessages } from '@/lib/chat/chat-messages';
import { messages } from '@/lib/client/messages';
import { formMessages } from '@/lib/client/form-messages';

const M = { ...messages.chat, ...chatWidgetMessages };

const pickProblemText: Record<ImagePickProblem, string> = {
  tooMany: M.tooManyImages,
  badFormat: formMessages.upload.badFormat(CHAT_IMAGE_EXTENSIONS.join('、')),
  tooLarge: formMessages.upload.tooLarge(UPLOAD_MAX_MB),
  empty: formMessages.hardening.emptyFile,
};

/**
 * The widget's sends (spec §5, §9): content to an agent, what a refused or failed send shows, and images (checked,
 * uploaded, then sent as one message), with `uploading` while they go up.
 */
export function useChatSends(client: ChatClient | null, showToast: (text: string) => void) {
  const [uploading, setUploading] = useState(false);

  /** What a refused or failed send shows (spec §5, §8). */
  const afterSend = useCallback(
    (chat: ChatClient, agentUserId: number, clientMsgId: string, failure: Failure | null) => {
      if (!failure || isSessionFailure(failure)) return;
      if (failure.code === ResultCode.MESSAGE_REJECTED) {
        chat.store.drop(agentUserId, clientMsgId);
        showToast(failure.message || M.sensitive);
      } else if (failure.code === IM_TOO_MANY_IMAGES_CODE) {
        chat.store.drop(agentUserId, clientMsgId);
        showToast(M.tooManyImages);
      } else if (failure.message === messages.agentLeft || failure.message === messages.agentUnreachable) {
        // The agent's status changed since the thread was loaded: the composer gives way to the reason.
        void chat.sync(agentUserId).catch(() => {});
      }
    },
    [showToast],
  );

  const sendContent = useCallback(
    async (agentUserId: number, content: { layout: number } & Record<string, unknown>) => {
      if (!client) return;
      const clientMsgId = defaultClientId();
      afterSend(client, agentUserId, clientMsgId, await client.send(agentUserId, content, clientMsgId));
    },
    [client, afterSend],
  );

  const sendImages = async (current: number, files: File[]) => {
    const problem = checkImagePick(files);
    if (problem) {
      showToast(pickProblemText[problem]);
      return;
    }
    setUploading(true);
    try {
      const keys = await uploadChatImages(files);
      await sendContent(current, { layout: IM_LAYOUT.IMAGE, msgList: keys });
    } catch (err) {
      if (!handleSessionError(err))
        showToast(
          err instanceof Error && err.message === 'tooLarge'
            ? pickProblemText.tooLarge
            : err instanceof Error && err.message
              ? err.message
              : formMessages.upload.failed,
        );
    } finally {
      setUploading(false);
    }
  };

  return { afterSend, sendContent, sendImages, uploading };
}
