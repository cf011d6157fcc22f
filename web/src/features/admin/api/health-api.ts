import type { DeepHealthReport } from '@ratkaisu/core';
import { api } from '../../../api/api';

/** The deep health check's last report (SuperAdmin). */
export const getDeepHealth = (signal?: AbortSignal) => api.get<DeepHealthReport>('/api/superadmin/health', { signal });

/** Runs the deep health check now and answers its report (SuperAdmin). */
export const runDeepHealth = () => api.post<DeepHealthReport>('/api/superadmin/health/run');
