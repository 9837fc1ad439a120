import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { Prng } from './prng';
import { DAY } from './seed-homes';
import * as t from './schema';

/**
 * Buyers' reviews of the new-home projects (点评, spec §2 "New-home detail"): reviewer accounts, then 0–25 reviews a project written
 * over the last 18 months, their text put together from phrases about each part that agree with its stars (a
 * 2-star 交通 complains about getting around), some with photos from the project's own album. A generator of its
 * own, so the rows seeded before (homes, projects …) stay as they were.
 */
const REVIEW_SEED = 20260108;

/**
 * Reviewer accounts have mobiles 1990000xxxx: a range no test and no login form uses (the browser tests take 139…,
 * the demo account is 13800138000). They have no password; nobody logs in as them.
 */
export const REVIEWER_MOBILE_PREFIX = '1990000';
const MAX_REVIEWS_PER_PROJECT = 25;
const MONTHS_18 = 548;
/** Reviewers at least: a project's 25 reviewers stepping through the pool by at most 15 never meet again. */
const MIN_REVIEWERS = 400;

// Nicknames as people choose them on Chinese portals; about one reviewer in six keeps none (优居用户_xxxx).
const NICK_HEADS = [
  '刚需',
  '改善',
  '看房',
  '买房',
  '准业主',
  '新手上车',
  '打工人',
  '北漂',
  '沪漂',
  '奶爸',
  '宝妈',
  '佛系',
  '理性',
  '考察党',
  '置业',
];
const NICK_TAILS = [
  '小王',
  '小李',
  '阿杰',
  '老张',
  '大刘',
  '小陈',
  '一家人',
  '日记',
  '中',
  '的猫',
  '笔记',
  '007',
  '二号',
  '小能手',
  '君',
];
const NICK_WHOLE = [
  '幸福的蜗牛',
  '风吹麦浪',
  '安家小记',
  '向阳而生',
  '晴天娃娃',
  '一只柠檬',
  '城南旧事',
  'Lily看房记',
  '阿May',
  'Kevin_2025',
  '不想再租房',
  '早点上岸',
  '小富即安',
  '海边的石头',
  '慢慢来',
  '柚子茶',
  '明天会更好',
  '桔子汽水',
  '山有木兮',
  '南风知我意',
];

type Level = 'good' | 'mid' | 'bad';
type Part = 'location' | 'transport' | 'amenities' | 'environment' | 'value';
const PARTS: readonly Part[] = ['location', 'transport', 'amenities', 'environment', 'value'];

/**
 * Sentences per part and level: {area} business area, {district}, {station} nearest station (a sentence that names
 * a station is only used when the project has one), {name} the project.
 */
const PHRASES: Record<Part, Record<Level, string[]>> = {
  location: {
    good: [
      '位置没得说，在{area}核心区域，周边成熟。',
      '地段很好，{district}这几年发展很快，未来可期。',
      '离{area}商圈很近，上班买东西都方便。',
      '板块位置优越，属于{district}比较抢手的区域。',
    ],
    mid: [
      '位置中规中矩，不算核心，但也不偏。',
      '地段一般，离{area}中心还有一段距离。',
      '区位还可以，就是周边还有不少待开发的地块。',
    ],
    bad: ['位置有点偏，周围比较荒，晚上人少。', '地段不太理想，离市区太远了。', '板块目前比较冷清，感觉还要等好几年才能起来。'],
  },
  transport: {
    good: [
      '交通方便，步行到{station}站只要几分钟。',
      '楼下就是{station}站，通勤很省心。',
      '出行便利，公交线路多，开车上主干道也快。',
      '地铁加公交都很方便，早高峰也不太堵。',
    ],
    mid: ['交通还行，到{station}站要骑个共享单车。', '公交能到，但地铁要走十五分钟左右。', '开车方便，坐公共交通就一般了。'],
    bad: ['交通是硬伤，附近没有地铁，公交也少。', '出行不方便，早晚高峰路口堵得厉害。', '离最近的地铁站很远，没车基本出不了门。'],
  },
  amenities: {
    good: [
      '配套齐全，超市、菜市场、医院都在附近。',
      '周边商业成熟，吃饭购物很方便。',
      '学校资源不错，对口的小学口碑很好。',
      '生活配套完善，楼下就有便利店和药店。',
    ],
    mid: ['配套一般，买菜要走一段路，商场规划中。', '基本配套有，但是档次一般。', '学校和医院有，但是不算近。'],
    bad: ['配套严重不足，周边连像样的超市都没有。', '生活不方便，买个菜都要开车。', '规划的商业迟迟不落地，目前啥都没有。'],
  },
  environment: {
    good: [
      '小区环境很好，绿化率高，园林做得用心。',
      '社区规划不错，人车分流，适合带娃。',
      '周边有公园，空气好，很安静。',
      '楼间距大，采光充足，居住舒适度高。',
    ],
    mid: [
      '环境还行，绿化是有的，但楼间距偏小。',
      '小区环境一般，样板区做得好，实际要看交付。',
      '整体安静，就是旁边在施工有点吵。',
    ],
    bad: ['环境不太好，临近主干道噪音大。', '楼间距太近，低楼层采光堪忧。', '旁边有工地和厂房，空气和噪音都是问题。'],
  },
  value: {
    good: [
      '性价比高，同板块里价格算是实在的。',
      '单价比周边二手房还低一点，很划算。',
      '这个价格这个品质，值得入手。',
      '开发商有优惠，算下来性价比不错。',
    ],
    mid: ['价格中规中矩，和周边楼盘差不多。', '性价比一般，精装标准对得起价格但没有惊喜。', '价格还能接受，就是首付压力有点大。'],
    bad: ['价格偏高，和周边比没什么优势。', '性价比不高，精装标准配不上这个价格。', '单价太高了，感觉溢价不少，再等等看。'],
  },
};

const OPENERS: Record<Level, string[]> = {
  good: [
    '上周末去售楼处看了样板间，整体印象很好。',
    '作为刚需首套，对比了好几个盘，最后还是比较中意{name}。',
    '陪家里人来看过两次，{name}确实不错。',
    '已经认筹了，说说自己的感受。',
    '',
  ],
  mid: ['周末去看了一下{name}，说说个人看法。', '实地看过，优缺点都有。', '对比了周边几个楼盘，{name}算是中等水平。', ''],
  bad: ['去看过{name}，有点失望。', '实地考察后感觉和宣传的有差距。', '说点真实感受，供大家参考。', ''],
};

const CLOSERS: Record<Level, string[]> = {
  good: [
    '总体很满意，推荐刚需和改善的朋友去看看。',
    '已经交了定金，期待交房。',
    '综合来看值得考虑。',
    '销售讲解也很专业，没有过度承诺。',
  ],
  mid: ['总体还可以，再对比一下其他楼盘。', '适合预算有限的家庭，要求高的可以再看看。', '先观望一下，看看后续开盘价格。'],
  bad: ['不太推荐，建议大家多对比几家。', '暂时不考虑了。', '希望开发商能改进，目前不值这个价。'],
};

const levelOf = (stars: number): Level => (stars >= 4 ? 'good' : stars === 3 ? 'mid' : 'bad');
const clampStars = (v: number) => Math.max(1, Math.min(5, Math.round(v)));

interface ProjectFacts {
  id: number;
  name: string;
  photos: t.ListingPhoto[];
  stationName: string | null;
  stationDistance: number | null;
  areaName: string;
  districtName: string;
}

function fill(template: string, p: ProjectFacts): string {
  return template
    .replaceAll('{name}', p.name)
    .replaceAll('{area}', p.areaName)
    .replaceAll('{district}', p.districtName)
    .replaceAll('{station}', p.stationName ?? '');
}

/** A phrase for this part and level; one naming a station only when the project has one. */
function phraseFor(rng: Prng, part: Part, level: Level, p: ProjectFacts): string {
  const options = PHRASES[part][level].filter((s) => p.stationName || !s.includes('{station}'));
  return fill(rng.pick(options), p);
}

/** Six ratings around a project's level; transport follows the distance to the nearest station. */
function ratingsFor(rng: Prng, base: number, p: ProjectFacts) {
  const bias: Record<Part, number> = {
    location: 0,
    transport: p.stationDistance === null ? -1.2 : p.stationDistance < 800 ? 0.6 : p.stationDistance > 1200 ? -0.5 : 0,
    amenities: 0,
    environment: 0.2,
    value: -0.2,
  };
  const parts = Object.fromEntries(PARTS.map((k) => [k, clampStars(base + bias[k] + rng.normal() * 0.7)])) as Record<
    Part,
    number
  >;
  const mean = PARTS.reduce((s, k) => s + parts[k], 0) / PARTS.length;
  return { overall: clampStars(mean + rng.normal() * 0.35), ...parts };
}

/**
 * The text: an opener, what the reviewer says of some parts, a closer. A part rated 1–2 is always complained
 * about (that is why it got so few stars), and the best part praised; one or two others may be mentioned.
 */
function bodyFor(rng: Prng, ratings: ReturnType<typeof ratingsFor>, p: ProjectFacts): string {
  const byStars = [...PARTS].sort((a, b) => ratings[b] - ratings[a]);
  const chosen = new Set<Part>([byStars[0]!, byStars.at(-1)!, ...PARTS.filter((k) => ratings[k] <= 2)]);
  const more = rng.int(0, 2);
  for (let i = 0; i < more; i++) chosen.add(rng.pick(PARTS));
  const sentences = PARTS.filter((k) => chosen.has(k)).map((k) => phraseFor(rng, k, levelOf(ratings[k]), p));
  const level = levelOf(ratings.overall);
  return [fill(rng.pick(OPENERS[level]), p), ...sentences, rng.pick(CLOSERS[level])].join('');
}

function nickname(rng: Prng): string {
  const roll = rng.next();
  if (roll < 0.16) return '';
  if (roll < 0.5) return rng.pick(NICK_WHOLE) + (rng.chance(0.4) ? String(rng.int(1, 99)) : '');
  return rng.pick(NICK_HEADS) + rng.pick(NICK_TAILS);
}

/** Reviewer accounts and every project's reviews; `today` is midnight of the day of seeding (ms). */
export async function seedProjectReviews(db: Db, today: number): Promise<void> {
  const rng = new Prng(REVIEW_SEED);
  const projects: ProjectFacts[] = await db
    .select({
      id: t.newProjects.id,
      name: t.newProjects.name,
      photos: t.newProjects.photos,
      stationName: t.subwayStations.name,
      stationDistance: t.newProjects.stationDistance,
      areaName: t.businessAreas.name,
      districtName: t.districts.shortName,
    })
    .from(t.newProjects)
    .innerJoin(t.businessAreas, eq(t.businessAreas.id, t.newProjects.businessAreaId))
    .innerJoin(t.districts, eq(t.districts.id, t.newProjects.districtId))
    .leftJoin(t.subwayStations, eq(t.subwayStations.id, t.newProjects.stationId))
    .orderBy(asc(t.newProjects.id));
  if (projects.length === 0) return;

  // Most reviewers write a few reviews, as on a real portal; at least MIN_REVIEWERS (see the step below).
  const reviewerCount = Math.min(9999, Math.max(MIN_REVIEWERS, Math.round(projects.length * 1.5)));
  const reviewerRows = Array.from({ length: reviewerCount }, (_, i) => ({
    mobile: `${REVIEWER_MOBILE_PREFIX}${String(i + 1).padStart(4, '0')}`,
    userName: nickname(rng),
    sex: rng.chance(0.5) ? '1' : '2',
    createdAt: new Date(today - rng.int(560, 1500) * DAY),
  }));
  const reviewers: number[] = [];
  for (let i = 0; i < reviewerRows.length; i += 1000) {
    const rows = await db
      .insert(t.users)
      .values(reviewerRows.slice(i, i + 1000))
      .returning({ id: t.users.id });
    reviewers.push(...rows.map((r) => r.id));
  }

  const reviews: (typeof t.projectReviews.$inferInsert)[] = [];
  for (const p of projects) {
    // Popular projects gather many reviews, some none yet.
    const n = rng.chance(0.12)
      ? 0
      : Math.min(MAX_REVIEWS_PER_PROJECT, Math.floor(rng.next() ** 1.6 * (MAX_REVIEWS_PER_PROJECT + 1)));
    const base = 2.6 + rng.next() * 2;
    const start = rng.int(0, reviewers.length - 1);
    const step = rng.int(1, 7) * 2 + 1;
    const albumPhotos = p.photos.filter((ph) => ph.kind !== '户型图');
    for (let i = 0; i < n; i++) {
      const ratings = ratingsFor(rng, base, p);
      const photoCount = albumPhotos.length > 0 && rng.chance(0.25) ? rng.int(1, Math.min(3, albumPhotos.length)) : 0;
      const first = rng.int(0, Math.max(0, albumPhotos.length - photoCount));
      reviews.push({
        projectId: p.id,
        // Distinct reviewers in a project: i·step < 25·15 ≤ MIN_REVIEWERS never wraps onto an earlier one.
        userId: reviewers[(start + i * step) % reviewers.length]!,
        ...ratings,
        body: bodyFor(rng, ratings, p),
        photos: albumPhotos.slice(first, first + photoCount).map(({ url, title }) => ({ url, title })),
        createdAt: new Date(today - rng.int(1, MONTHS_18) * DAY + rng.int(8 * 3600, 23 * 3600) * 1000),
      });
    }
  }
  for (let i = 0; i < reviews.length; i += 1000) {
    await db.execute(sql`insert into project_reviews (project_id, user_id, overall, location, transport, amenities, environment, value, body, photos, created_at)
      select project_id, user_id, overall, location, transport, amenities, environment, value, body, photos, created_at
      from json_populate_recordset(null::project_reviews, ${JSON.stringify(reviews.slice(i, i + 1000).map(toJsonRow))}::json)`);
  }
}

/** A review as json_populate_recordset reads it: column names, the date as ISO text. */
function toJsonRow(r: typeof t.projectReviews.$inferInsert) {
  return {
    project_id: r.projectId,
    user_id: r.userId,
    overall: r.overall,
    location: r.location,
    transport: r.transport,
    amenities: r.amenities,
    environment: r.environment,
    value: r.value,
    body: r.body,
    photos: r.photos,
    created_at: (r.createdAt as Date).toISOString(),
  };
}
