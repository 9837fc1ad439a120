import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeskAgent, DeskThread, ImMessage } from '@contracts/im';
import { IM_LAYOUT } from '@contracts/im-constants';
import { DeskComposer } from '@/components/desk/desk-composer';
import { DeskConversation } from '@/components/desk/desk-conversation';
import { DeskThreadList } from '@/components/desk/desk-thread-list';
import { messages } from '@/lib/messages';

/** The desk's sections on their own (components/desk): what an agent notices, with the spec's numbers. */
const copy = messages.desk;

beforeAll(() => {
  // jsdom lays nothing out; the conversation scrolls its newest message into view.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(cleanup);

const agent: DeskAgent = {
  userId: 900001,
  agentId: 31,
  agentName: '杨明',
  agentPhoto: '/oss/seed/agent.png',
  branchId: 1,
  branchName: '望京店',
  brandId: 1,
  brandName: '优居',
  status: 1,
  cityCode: '110000',
  cityName: '北京',
};

let nextId = 1;
function message(fromUser: boolean, layout: number, content: Record<string, unknown>): ImMessage {
  const id = nextId++;
  return {
    messageId: id,
    conversationId: 1,
    seq: id,
    senderId: fromUser ? 7 : agent.userId,
    receiverId: fromUser ? agent.userId : 7,
    fromUser,
    clientMsgId: null,
    layout,
    content,
    createdAt: new Date().toISOString(),
    receivedAt: null,
    readAt: null,
  };
}

function composer(onSend = vi.fn(async () => true), onRefuseImage = vi.fn(), onImage = vi.fn()) {
  render(
    <DeskComposer
      copy={copy}
      busy={false}
      onSend={onSend}
      onImage={onImage}
      onRefuseImage={onRefuseImage}
      onPickListing={vi.fn()}
      onCard={vi.fn()}
      onPhone={vi.fn()}
    />,
  );
  return { box: screen.getByRole('textbox', { name: copy.placeholder }), onSend, onRefuseImage, onImage };
}

describe('DeskComposer', () => {
  it('sends on Enter without the leading and trailing line breaks, and empties the box', async () => {
    const { box, onSend } = composer();
    fireEvent.change(box, { target: { value: '\n周六上午十点\n' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('周六上午十点');
    await vi.waitFor(() => expect(box).toHaveProperty('value', ''));
  });
  it('does not send blank text, Shift+Enter, or more than 140 characters (spec §5)', () => {
    const { box, onSend } = composer();
    fireEvent.change(box, { target: { value: ' \n ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: '你好' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    fireEvent.change(box, { target: { value: '好'.repeat(141) } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByText('141/140')).toBeTruthy();
    expect(screen.getByRole('button', { name: copy.send })).toHaveProperty('disabled', true);
    fireEvent.change(box, { target: { value: '好'.repeat(140) } });
    expect(screen.getByRole('button', { name: copy.send })).toHaveProperty('disabled', false);
  });
  it('counts what would be sent: blank text is 0 (spec §5: it is never sent)', () => {
    const { box } = composer();
    fireEvent.change(box, { target: { value: '  \n\t ' } });
    expect(screen.getByText('0/140')).toBeTruthy();
    fireEvent.change(box, { target: { value: '\n 好 \n' } });
    expect(screen.getByText('3/140')).toBeTruthy();
  });
  it('refuses an image by its name or its size before anything goes up (5 MB)', () => {
    const { onRefuseImage, onImage } = composer();
    const input = screen.getByTestId('desk-image-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'plan.gif')] } });
    expect(onRefuseImage).toHaveBeenLastCalledWith('文件格式仅限jpg、jpeg、png格式！');
    const big = new File(['x'], 'plan.png');
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(onRefuseImage).toHaveBeenLastCalledWith('图片大小不能超过5MB！');
    expect(onImage).not.toHaveBeenCalled();
    const ok = new File(['x'], 'PLAN.JPG');
    fireEvent.change(input, { target: { files: [ok] } });
    expect(onImage).toHaveBeenCalledWith(ok);
  });
});

describe('DeskThreadList', () => {
  const thread = (userId: number, unRead: number, text: string): DeskThread => ({
    conversationId: userId,
    user: { userId, userName: `用户${userId}`, avatarUrl: '' },
    unRead,
    lastSeq: 1,
    lastMessage: message(true, IM_LAYOUT.TEXT, { msgDetail: text }),
  });
  it('shows each conversation with its last message and an unread badge of at most 99 (spec §9)', () => {
    const onOpen = vi.fn();
    render(
      <DeskThreadList copy={copy} threads={[thread(7, 120, '在吗'), thread(8, 0, '谢谢')]} openUser={null} onOpen={onOpen} />,
    );
    expect(screen.getByText('99+')).toBeTruthy();
    expect(screen.getByText('在吗')).toBeTruthy();
    expect(screen.queryByLabelText('0')).toBeNull();
    fireEvent.click(screen.getByText('用户8'));
    expect(onOpen).toHaveBeenCalledWith(8);
  });
  it('says so when nobody has written yet', () => {
    render(<DeskThreadList copy={copy} threads={[]} openUser={null} onOpen={vi.fn()} />);
    expect(screen.getByText(copy.emptyList)).toBeTruthy();
  });
});

describe('DeskConversation', () => {
  const show = (list: ImMessage[], onAnswer = vi.fn()) => {
    render(
      <DeskConversation
        copy={copy}
        agent={agent}
        userName="用户7"
        messages={list}
        busy={false}
        onAnswer={onAnswer}
        cityOrigin={(d) => `http://${d}.localhost:3000`}
      />,
    );
    return onAnswer;
  };
  it('offers 同意/拒绝 on a user’s phone request until it is answered, then shows the answer only', () => {
    const ask = message(true, IM_LAYOUT.PHONE_REQUEST, {});
    const onAnswer = show([ask]);
    fireEvent.click(screen.getByRole('button', { name: copy.agree }));
    expect(onAnswer).toHaveBeenCalledWith(ask.messageId, true);
    cleanup();
    show([ask, message(false, IM_LAYOUT.PHONE_REPLY, { layoutDetail: { requestId: ask.messageId, agree: true } })]);
    expect(screen.queryByRole('button', { name: copy.agree })).toBeNull();
    expect(screen.getAllByText(copy.agreed).length).toBeGreaterThan(0);
  });
  it('links a property card to the listing on its city’s host, and loads chat images through the desk’s own path', () => {
    show([
      message(true, IM_LAYOUT.PROPERTY, {
        layoutDetail: {
          cityDomain: 'sh',
          pcUrl: '/ershoufang/xiangqing/42',
          title: '望京 3室',
          coverUrl: '',
          layoutText: '',
          priceText: '',
        },
      }),
      message(true, IM_LAYOUT.IMAGE, { msgList: ['ub/chat/a.jpg'] }),
    ]);
    expect(screen.getByRole('link', { name: /望京 3室/ }).getAttribute('href')).toBe(
      'http://sh.localhost:3000/ershoufang/xiangqing/42',
    );
    expect(screen.getByRole('img', { name: copy.imageAlt }).getAttribute('src')).toBe('/api/desk/oss/ub/chat/a.jpg');
    // A listing without photos shows an empty cover box, not an image that would load the page again.
    expect(screen.queryByRole('img', { name: '望京 3室' })).toBeNull();
    expect(document.querySelector('img[src=""]')).toBeNull();
  });
  it('shows a property card’s cover when the listing has one', () => {
    show([
      message(true, IM_LAYOUT.PROPERTY, {
        layoutDetail: {
          cityDomain: 'bj',
          pcUrl: '/ershoufang/xiangqing/7',
          title: '国贸 2室',
          coverUrl: '/oss/seed/cover-7.jpg',
          layoutText: '2室1厅',
          priceText: '500万',
        },
      }),
    ]);
    expect(screen.getByRole('img', { name: '国贸 2室' }).getAttribute('src')).toBe('/oss/seed/cover-7.jpg');
  });
});
