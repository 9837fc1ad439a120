'use client';
import type { DeskAgent } from '@contracts/im';
import { IM_LAYOUT } from '@contracts/im-constants';
import { cityOrigin } from '@contracts/hosts';
import { deskApi } from './desk-api';
import { DeskComposer } from './desk-composer';
import { DeskConversation } from './desk-conversation';
import type { DeskCopy, DeskPortal } from './desk-copy';
import { DeskListingPicker } from './desk-listing-picker';
import { DeskThreadList } from './desk-thread-list';
import { DeskTopBar } from './desk-top-bar';
import { useDeskError } from './use-desk-error';
import { useDeskLive } from './use-desk-live';
import { useDeskReplies } from './use-desk-replies';
import { useMinuteTick } from './use-minute-tick';
import styles from './desk.module.css';

export interface DeskWorkbenchProps {
  copy: DeskCopy;
  agent: DeskAgent;
  portal: DeskPortal;
  onEnded: (why: string) => void;
}

/**
 * The logged-in desk: the bar, the agent's conversations on the left, the open one with its reply box on the right.
 * State lives in the hooks (conversations and socket, replies, the error shown); this only lays the sections out.
 */
export function DeskWorkbench({ copy, agent, portal, onEnded }: DeskWorkbenchProps) {
  useMinuteTick();
  const { error, setError, fail } = useDeskError({
    networkError: copy.networkError,
    sessionEnded: copy.sessionEnded,
    onEnded,
  });
  const live = useDeskLive({ endedMessage: copy.sessionEnded, onEnded, fail });
  const replies = useDeskReplies({ openUser: live.openUser, afterSend: live.syncConversation, fail, setError });
  const openThread = live.threads?.find((t) => t.user.userId === live.openUser);

  const open = (userId: number) => {
    setError('');
    live.open(userId);
  };
  const logout = async () => {
    try {
      await deskApi.logout();
    } catch {
      // The cookie is gone or the network is: the desk closes either way.
    }
    onEnded('');
  };

  return (
    <main className={styles.shell}>
      <DeskTopBar copy={copy} agent={agent} online={live.online} onLogout={() => void logout()} />
      <div className={styles.body}>
        <DeskThreadList copy={copy} threads={live.threads} openUser={live.openUser} onOpen={open} />
        <section className={styles.conversation}>
          {error && (
            <p className={styles.error} role="alert">
              {error}
              <button type="button" className="link-button" onClick={() => setError('')} aria-label={copy.close}>
                ×
              </button>
            </p>
          )}
          {live.openUser === null ? (
            <p className={styles.pick}>{copy.pickConversation}</p>
          ) : (
            <>
              <DeskConversation
                key={live.openUser}
                copy={copy}
                agent={agent}
                userName={openThread?.user.userName}
                messages={live.messages}
                busy={replies.busy}
                onAnswer={(requestId, agree) =>
                  void replies.send({ layout: IM_LAYOUT.PHONE_REPLY, layoutDetail: { requestId, agree } })
                }
                cityOrigin={(cityDomain) => cityOrigin(cityDomain, portal)}
              />
              <DeskComposer
                copy={copy}
                busy={replies.busy}
                onSend={replies.sendText}
                onImage={(file) => void replies.sendImage(file)}
                onRefuseImage={setError}
                onPickListing={replies.openPicker}
                onCard={() => void replies.send({ layout: IM_LAYOUT.AGENT_CARD, layoutDetail: { agentUserId: agent.userId } })}
                onPhone={() => void replies.send({ layout: IM_LAYOUT.PHONE_REQUEST })}
              />
            </>
          )}
        </section>
      </div>
      {replies.picker && (
        <DeskListingPicker
          copy={copy}
          listings={replies.picker}
          busy={replies.busy}
          onPick={(listing) => void replies.sendListing(listing)}
          onClose={replies.closePicker}
        />
      )}
    </main>
  );
}
