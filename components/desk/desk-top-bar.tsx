import type { DeskAgent } from '@contracts/im';
import type { DeskCopy } from './desk-copy';
import styles from './desk.module.css';

export interface DeskTopBarProps {
  copy: DeskCopy;
  agent: DeskAgent;
  online: boolean;
  onLogout: () => void;
}

/** The desk's own bar (no portal header): its name, the socket's state, who is at the desk, 退出. */
export function DeskTopBar({ copy, agent, online, onLogout }: DeskTopBarProps) {
  return (
    <header className={styles.top}>
      <h1 className={styles.brand}>
        <span className={styles.mark}>优</span> {copy.title}
      </h1>
      <span className={online ? styles.online : styles.offline} role="status">
        {online ? copy.connected : copy.reconnecting}
      </span>
      <span className={styles.me}>
        {/* eslint-disable-next-line @next/next/no-img-element -- the agent's photo from the portal's store */}
        <img src={agent.agentPhoto} alt="" className={styles.avatarSmall} />
        {agent.agentName} · {agent.brandName} · {agent.cityName}
      </span>
      <button type="button" className="btn" onClick={onLogout}>
        {copy.logout}
      </button>
    </header>
  );
}
