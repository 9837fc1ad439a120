/**
 * The strings of the list and detail pages' own client islands (关注, 预约看房; the photo viewer's are
 * ./photo-messages.ts, the list's 订阅 and a row's own range are ./list-messages.ts): apart from lib/client/messages.ts, which every page's first load carries (the home
 * and login load none of these). lib/messages.ts spreads this object in too, so server code keeps reading `messages.x`;
 * a client module reads them from here, never from lib/messages.ts (tests/unit/messages.test.ts).
 */
export const listingMessages = {
  /** 预约看房's button on a detail page (components/viewing/book-viewing.tsx); the dialog's are ./viewing-messages.ts. */
  viewingButton: {
    book: '预约看房',
    checking: '请稍候…',
  },

  /** 关注 on a second-hand or rental detail page (components/engage/follow-button.tsx). */
  follow: {
    follow: '关注',
    followed: '已关注',
    unfollow: '取消关注',
    followers: (n: number) => `${n}人关注`,
  },
} as const;
