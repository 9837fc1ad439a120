import {
  ENTRUST_DECORATIONS,
  ENTRUST_LIMITS,
  ENTRUST_MESSAGES,
  ENTRUST_ORIENTATIONS,
  ENTRUST_PAYMENTS,
  RENT_FACILITIES,
  entrustFormProblem,
  type EntrustBusinessType,
} from '@contracts/entrust-rules';
import { homeDealOf } from '@contracts/channel-sections';
import { CONTACT_FIELD_LABELS, contactDetailsMessage, hasContactDetails } from '@contracts/contact-details';
import type { Entrust } from '@contracts/entrust';
import type { PhotoRef } from '@contracts/upload';
import { formMessages } from '@/lib/client/form-messages';

/**
 * The 我要卖房 / 我要出租 form's state and rules, without React or zod (components/entrust/entrust-form.tsx): the
 * page's own check uses the backend's messages and cross-field rules (contracts/entrust-rules.ts), the draft's
 * shape in localStorage, and the request sent.
 */

const M = formMessages.entrustForm;
export const ENTRUST_MANAGE_PATH = '/personal/entrust/manage';
export const ENTRUST_FORM_PATHS = { 1: '/personal/entrust/sell', 2: '/personal/entrust/rental' } as const;
/** Bump when the draft's shape changes: an old draft is then dropped, not misread. */
const DRAFT_VERSION = 1;

/** Everything the owner types or picks, as the inputs hold it (numbers as text until sent). */
export interface EntrustFormState {
  communityId: number | null;
  communityName: string;
  building: string;
  unit: string;
  room: string;
  area: string;
  rooms: string;
  halls: string;
  baths: string;
  floor: string;
  totalFloors: string;
  orientation: string;
  decoration: string;
  price: string;
  rentType: string;
  payment: string;
  /** Rent only: 配套设施 ticked (RENT_FACILITIES). */
  facilities: string[];
  contactName: string;
  description: string;
  photos: PhotoRef[];
  brandIds: number[];
}

export type Field = Exclude<keyof EntrustFormState, 'communityName'>;
export type Errors = Partial<Record<Field, string>>;
export const FIELDS: readonly Field[] = [
  'communityId',
  'building',
  'unit',
  'room',
  'area',
  'rooms',
  'halls',
  'baths',
  'floor',
  'totalFloors',
  'orientation',
  'decoration',
  'price',
  'rentType',
  'payment',
  'facilities',
  'contactName',
  'description',
  'photos',
  'brandIds',
];
const isField = (f: string): f is Field => (FIELDS as readonly string[]).includes(f);
/** Fields sharing one row of the form. */
const ROWS: Field[][] = [
  ['building', 'unit', 'room'],
  ['rooms', 'halls', 'baths'],
  ['floor', 'totalFloors'],
];
export const ROW_OF: Partial<Record<Field, Field[]>> = Object.fromEntries(ROWS.flatMap((row) => row.map((f) => [f, row])));

export const draftKey = (userId: number, businessType: EntrustBusinessType) => `youju.entrustDraft.u${userId}.t${businessType}`;

export function emptyState(contactName: string): EntrustFormState {
  return {
    communityId: null,
    communityName: '',
    building: '',
    unit: '',
    room: '',
    area: '',
    rooms: '',
    halls: '',
    baths: '',
    floor: '',
    totalFloors: '',
    orientation: '',
    decoration: '',
    price: '',
    rentType: '',
    payment: '',
    facilities: [],
    contactName,
    description: '',
    photos: [],
    brandIds: [],
  };
}

export function stateOf(e: Entrust): EntrustFormState {
  const s = (n: number | null) => (n === null ? '' : String(n));
  return {
    communityId: e.communityId,
    communityName: e.communityName,
    building: e.building,
    unit: e.unit,
    room: e.room,
    area: s(e.area),
    rooms: s(e.rooms),
    halls: s(e.halls),
    baths: s(e.baths),
    floor: s(e.floor),
    totalFloors: s(e.totalFloors),
    orientation: e.orientation,
    decoration: e.decoration,
    price: s(e.price),
    rentType: s(e.rentType),
    payment: e.payment ?? '',
    facilities: e.facilities,
    contactName: e.contactName,
    description: e.description,
    photos: e.photos,
    brandIds: e.brands.map((b) => b.id),
  };
}

/** A draft read back from localStorage, when it is one of ours; anything else is ignored. */
export function readDraft(key: string): EntrustFormState | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { v?: unknown; form?: Partial<EntrustFormState> };
    if (parsed.v !== DRAFT_VERSION || !parsed.form || typeof parsed.form !== 'object') return null;
    const base = emptyState('');
    const form: EntrustFormState = { ...base };
    for (const k of Object.keys(base) as (keyof EntrustFormState)[]) {
      const value = parsed.form[k];
      if (k === 'photos')
        form.photos = Array.isArray(value)
          ? (value as PhotoRef[]).filter(
              (p) => p && typeof p.key === 'string' && typeof p.url === 'string' && typeof p.thumbUrl === 'string',
            )
          : [];
      else if (k === 'facilities')
        form.facilities = Array.isArray(value)
          ? (value as unknown[]).filter((f): f is string => (RENT_FACILITIES as readonly unknown[]).includes(f))
          : [];
      else if (k === 'brandIds')
        form.brandIds = Array.isArray(value) ? (value as unknown[]).filter((n): n is number => Number.isInteger(n)) : [];
      else if (k === 'communityId') form.communityId = Number.isInteger(value) ? (value as number) : null;
      else if (typeof value === 'string') (form[k] as string) = value;
    }
    return form;
  } catch {
    return null;
  }
}

const num = (s: string) => (s.trim() === '' ? NaN : Number(s.trim()));
/** Counted as the backend counts (zod: UTF-16 units after trimming). */
export const charCount = (s: string) => s.trim().length;

/** The page's own check, with the backend's messages and its cross-field rules (contracts/entrust-rules.ts). */
export function validateEntrust(form: EntrustFormState, businessType: EntrustBusinessType): Errors {
  const errors: Errors = {};
  const L = ENTRUST_LIMITS;
  if (form.communityId === null) errors.communityId = ENTRUST_MESSAGES.community;
  if (charCount(form.building) < 1 || charCount(form.building) > L.addressMax) errors.building = ENTRUST_MESSAGES.address;
  if (charCount(form.unit) > L.addressMax) errors.unit = ENTRUST_MESSAGES.address;
  if (charCount(form.room) < 1 || charCount(form.room) > L.addressMax) errors.room = ENTRUST_MESSAGES.address;
  const area = num(form.area);
  if (!(area >= L.areaMin && area <= L.areaMax)) errors.area = ENTRUST_MESSAGES.area;
  const whole = (field: Field, label: string, min: number, max: number) => {
    const n = num(form[field] as string);
    if (!(Number.isInteger(n) && n >= min && n <= max)) errors[field] = M.wholeNumber(label, min, max);
    return n;
  };
  whole('rooms', M.rooms, 1, L.roomsMax);
  whole('halls', M.halls, 0, L.roomsMax);
  whole('baths', M.baths, 0, L.roomsMax);
  const floor = whole('floor', M.floor, L.floorMin, L.floorMax);
  const totalFloors = whole('totalFloors', M.totalFloors, 1, L.floorMax);
  if (!form.orientation) errors.orientation = M.pick(M.orientation);
  if (!form.decoration) errors.decoration = M.pick(M.decoration);
  const price = num(form.price);
  if (Number.isNaN(price)) errors.price = M.required(homeDealOf(businessType) === 'sale' ? M.sellPrice : M.rentPrice);
  if (homeDealOf(businessType) === 'rent') {
    if (!form.rentType) errors.rentType = M.pick(M.rentType);
    if (!form.payment) errors.payment = M.pick(M.payment);
  }
  if (!errors.floor && !errors.totalFloors && !errors.price && !errors.rentType && !errors.payment) {
    const problem = entrustFormProblem({
      businessType,
      floor,
      totalFloors,
      price,
      ...(errors.area ? {} : { area }),
      ...(homeDealOf(businessType) === 'rent'
        ? { rentType: Number(form.rentType), payment: form.payment, facilities: form.facilities }
        : {}),
    });
    if (problem && isField(problem.path)) errors[problem.path] = problem.message;
  }
  if (charCount(form.contactName) < 1 || charCount(form.contactName) > L.contactMax)
    errors.contactName = ENTRUST_MESSAGES.contact;
  else if (hasContactDetails(form.contactName)) errors.contactName = contactDetailsMessage(CONTACT_FIELD_LABELS.contactName);
  if (charCount(form.description) > L.descriptionMax) errors.description = `房源描述最多${L.descriptionMax}个字`;
  else if (hasContactDetails(form.description)) errors.description = contactDetailsMessage(CONTACT_FIELD_LABELS.description);
  if (form.photos.length < L.photosMin) errors.photos = ENTRUST_MESSAGES.photosMin;
  if (form.brandIds.length < 1) errors.brandIds = ENTRUST_MESSAGES.brands;
  else if (form.brandIds.length > L.brandsMax) errors.brandIds = M.brandsMax(L.brandsMax);
  return errors;
}

/** The request the backend takes (contracts/entrust.ts entrustAddRequestSchema). */
export function requestOf(form: EntrustFormState, businessType: EntrustBusinessType) {
  return {
    businessType,
    communityId: form.communityId ?? 0,
    building: form.building.trim(),
    unit: form.unit.trim(),
    room: form.room.trim(),
    area: num(form.area),
    rooms: num(form.rooms),
    halls: num(form.halls),
    baths: num(form.baths),
    floor: num(form.floor),
    totalFloors: num(form.totalFloors),
    orientation: form.orientation as (typeof ENTRUST_ORIENTATIONS)[number],
    decoration: form.decoration as (typeof ENTRUST_DECORATIONS)[number],
    price: num(form.price),
    ...(homeDealOf(businessType) === 'rent'
      ? { rentType: num(form.rentType), payment: form.payment as (typeof ENTRUST_PAYMENTS)[number], facilities: form.facilities }
      : {}),
    contactName: form.contactName.trim(),
    description: form.description.trim(),
    photos: form.photos.map((p) => p.key),
    brandIds: form.brandIds,
  };
}

/** `floor: 所在楼层不能高于总楼层` → the field and its message; `photos.2: …` counts as photos. */
export function fieldOfMessage(msg: string): { field: Field; message: string } | null {
  const m = /^([A-Za-z]+)(?:\.\d+)?: (.+)$/.exec(msg);
  return m && isField(m[1]!) ? { field: m[1]!, message: m[2]! } : null;
}

/** What the draft keeps in localStorage. */
export const draftJson = (form: EntrustFormState) => JSON.stringify({ v: DRAFT_VERSION, form });
