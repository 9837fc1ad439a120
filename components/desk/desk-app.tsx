'use client';
import { useCallback, useEffect, useState } from 'react';
import type { DeskAgent } from '@contracts/im';
import { deskApi } from './desk-api';
import type { DeskCopy, DeskPortal } from './desk-copy';
import { DeskLogin } from './desk-login';
import { DeskWorkbench } from './desk-workbench';
import styles from './desk.module.css';

export interface DeskAppProps {
  copy: DeskCopy;
  portal: DeskPortal;
}

/**
 * 经纪人工作台 (served on `desk.{root}`): asks who is at the desk (the desk cookie), then shows the token form or the
 * workbench; a desk whose token ends goes back to the form with the reason.
 */
export function DeskApp({ copy, portal }: DeskAppProps) {
  const [phase, setPhase] = useState<'checking' | 'login' | 'desk'>('checking');
  const [agent, setAgent] = useState<DeskAgent | null>(null);
  const [loginError, setLoginError] = useState('');

  useEffect(() => {
    deskApi.me().then(
      (me) => {
        setAgent(me);
        setPhase(me ? 'desk' : 'login');
      },
      () => setPhase('login'),
    );
  }, []);

  const ended = useCallback((why: string) => {
    setAgent(null);
    setLoginError(why);
    setPhase('login');
  }, []);

  if (phase === 'checking') return <main className={styles.shell} aria-busy="true" />;
  if (phase === 'login' || !agent) {
    return (
      <DeskLogin
        copy={copy}
        error={loginError}
        onLogin={(me) => {
          setLoginError('');
          setAgent(me);
          setPhase('desk');
        }}
      />
    );
  }
  return <DeskWorkbench copy={copy} agent={agent} portal={portal} onEnded={ended} />;
}
