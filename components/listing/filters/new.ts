import { fetchNewHomeConditions } from '@/lib/api/endpoints';
import { residentialFilters } from './residential';

/** 新房 (楼盘) filters (list and options pages): its declaration's (contracts/residential.ts NEW_HOME). */
export const newHomeFilters = residentialFilters('new', fetchNewHomeConditions);
