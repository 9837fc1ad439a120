import { fetchEsfConditions } from '@/lib/api/endpoints';
import { residentialFilters } from './residential';

/** 二手房 filters (list and options pages): its declaration's (contracts/residential.ts ESF). */
export const esfFilters = residentialFilters('esf', fetchEsfConditions);
