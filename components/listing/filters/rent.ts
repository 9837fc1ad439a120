import { fetchRentConditions } from '@/lib/api/endpoints';
import { residentialFilters } from './residential';

/** 租房 filters (list and options pages): its declaration's (contracts/residential.ts RENT). */
export const rentFilters = residentialFilters('rent', fetchRentConditions);
