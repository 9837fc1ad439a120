'use client';
import { Component, type ReactNode } from 'react';
import { clearHistory } from '@/lib/chat/local-history';
import { ChatPanel } from './chat-panel';
import './chat.css';

export interface ChatWidgetProps {
  userId: number;
}

/**
 * Whatever goes wrong inside the widget stays inside it: the page goes on without the chat (the root error page
 * would take the whole page, and on every page after it, when the cause is in local history: probe W2). The
 * user's local history goes with it, so the next page starts clean.
 */
class ChatBoundary extends Component<{ userId: number; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    clearHistory(window.localStorage, this.props.userId);
    console.error('chat widget failed', error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function ChatWidget({ userId }: ChatWidgetProps) {
  return (
    <ChatBoundary userId={userId}>
      <ChatPanel userId={userId} />
    </ChatBoundary>
  );
}
