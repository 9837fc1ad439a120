import { fetchEstateConditions } from '@/lib/api/endpoints';
import { residentialFilters } from './residential';

/** 小区 filters (list and options pages): its declaration's (contracts/residential.ts ESTATE). */
export const estateFilters = residentialFilters('estate', fetchEstateConditions);
