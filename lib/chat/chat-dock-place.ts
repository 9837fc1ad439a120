/**
 * The element the layouts that carry the chat widget (spec §2: default, index) keep for it
 * (components/layout/site-shell.tsx); the header's user box renders the dock into it (components/chat/chat-dock.tsx).
 * Its own module: the dock's first-load chunk should hold nothing the widget's chunk also needs (a visitor's first load carries none of the widget).
 */
export const CHAT_DOCK_ID = 'chat-dock';
