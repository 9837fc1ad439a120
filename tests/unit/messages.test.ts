import { describe, expect, it } from 'vitest';
import { messages } from '@/lib/messages';

describe('messages catalogue (copy.md)', () => {
  it('has the exact strings', () => {
    expect(messages.siteTitle('北京')).toBe('北京找房 - 优居');
    expect(messages.notFound).toBe('抱歉，您访问的页面不存在');
    expect(messages.countdown(3)).toBe('3秒后自动跳转');
    expect(messages.serverBusy).toBe('网络繁忙，请稍后再试');
    expect(messages.brandUpgrade).toBe('优居品牌已全新升级，请访问新网站');
    expect(messages.locatedCityPrompt('上海')).toBe('当前定位城市为上海，是否切换？');
    expect([messages.switchConfirm, messages.switchCancel, messages.switched, messages.switchCancelled]).toEqual(['切换', '取消', '切换成功！', '已取消切换']);
    expect([messages.hotCities, messages.allCities]).toEqual(['热门城市', '全部城市']);
    expect(messages.agentLeft).toBe('经纪人已离职，请联系其他经纪人');
    expect(messages.agentUnreachable).toBe('暂时无法联系，请联系其他经纪人');
    expect(messages.tooManyChatImages).toBe('一次最多发送9张图片');
    expect(messages.uploadBadFormat('jpg、png')).toBe('文件格式仅限jpg、png格式！');
    expect(messages.uploadTooLarge(5)).toBe('图片大小不能超过5MB！');
    expect(messages.uploadTooMany(9)).toBe('文件数量不能超过9');
    expect(messages.uploadUnfinished).toBe('图片未上传完成，请稍候...');
    expect(messages.minutesAgo(5)).toBe('5分钟前');
    expect([messages.owner, messages.sellHome, messages.rentOutHome, messages.downloadApp]).toEqual(['我是业主', '我要卖房', '我要出租', '下载APP']);
    expect(Object.values(messages.footerTabs)).toEqual(['热门城市', '热门二手房', '热门新房', '热门租房', '友情链接']);
    expect(Object.values(messages.bannerTabs)).toEqual(['二手房', '新房', '租房', '小区']);
  });
  it('greets by time of day (copy.md boundaries)', () => {
    const g = messages.greeting;
    expect([g(4), g(5), g(8), g(9), g(11), g(12), g(13), g(14), g(17), g(18), g(23), g(0)]).toEqual([
      '晚上好', '早上好', '早上好', '上午好', '上午好', '中午好', '中午好', '下午好', '下午好', '晚上好', '晚上好', '晚上好',
    ]);
  });
});
