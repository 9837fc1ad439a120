import { detailPath } from '@contracts/channels';
import type { CommercialChannel, CommercialListItem } from '@contracts/commercial';
import type { EsfListItem } from '@contracts/esf';
import type { EstateListItem } from '@contracts/estate';
import type { NewHomeListItem } from '@contracts/new-home';
import type { RentListItem } from '@contracts/rent';
import { commercialPrice } from '@/lib/commercial-format';
import { formatArea, formatAreaRange, formatLayout, formatTotalPrice } from '@/lib/format';
import { messages } from '@/lib/messages';
import { projectPath } from '@/lib/project-pages';

/** Each channel's records as a 相似房源 block shows them (the desktop's: components/detail/similar-listings.tsx). */
export interface SimilarItem {
  id: number;
  href: string;
  coverUrl: string;
  title: string;
  /** `3室1厅 | 89㎡ | 望京西园` */
  facts: string;
  /** The figure in bold and its unit: `520` `万`. */
  price: { value: string; unit: string };
}

export const esfSimilarItems = (list: EsfListItem[]): SimilarItem[] =>
  list.map((h) => ({
    id: h.id,
    href: detailPath('esf', h.id),
    coverUrl: h.coverUrl,
    title: h.title,
    facts: `${formatLayout(h.rooms, h.halls)} | ${formatArea(h.area)} | ${h.communityName}`,
    price: { value: formatTotalPrice(h.totalPrice), unit: messages.totalPriceUnit },
  }));

export const rentSimilarItems = (list: RentListItem[]): SimilarItem[] =>
  list.map((h) => ({
    id: h.id,
    href: detailPath('rent', h.id),
    coverUrl: h.coverUrl,
    title: h.title,
    facts: `${formatLayout(h.rooms, h.halls)} | ${formatArea(h.area)} | ${h.communityName}`,
    price: { value: String(h.monthlyRent), unit: messages.rentUnit },
  }));

export const estateSimilarItems = (list: EstateListItem[]): SimilarItem[] =>
  list.map((c) => ({
    id: c.id,
    href: detailPath('estate', c.id),
    coverUrl: c.coverUrl,
    title: c.name,
    facts: `${c.districtName} ${c.businessAreaName} | ${c.buildYear}年建`,
    price: { value: c.avgPrice.toLocaleString('en-US'), unit: messages.unitPriceUnit },
  }));

export const projectSimilarItems = (list: NewHomeListItem[]): SimilarItem[] =>
  list.map((p) => ({
    id: p.id,
    href: projectPath(p.id),
    coverUrl: p.coverUrl,
    title: p.name,
    facts: `${p.districtName} ${p.businessAreaName} | ${formatAreaRange(p.areaMin, p.areaMax)}`,
    price:
      p.avgPrice === null
        ? { value: messages.newHome.priceTbd, unit: '' }
        : { value: p.avgPrice.toLocaleString('en-US'), unit: messages.unitPriceUnit },
  }));

export const commercialSimilarItems = (code: CommercialChannel, list: CommercialListItem[]): SimilarItem[] =>
  list.map((u) => {
    const price = commercialPrice(u);
    return {
      id: u.id,
      href: detailPath(code, u.id),
      coverUrl: u.coverUrl,
      title: u.title,
      facts: `${u.typeName} | ${formatArea(u.area)} | ${u.projectName}`,
      price: { value: String(price.value), unit: price.unit },
    };
  });
