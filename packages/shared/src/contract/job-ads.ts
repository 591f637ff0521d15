import { endpoint } from './endpoint';

/** Applying to a job ad pasted by the user (ADR 029). */
export const jobAds = {
  read: endpoint('POST', '/api/job-ads/read', { body: 'jobAdReadInputSchema', response: { 200: 'jobAdReadingSchema' } }),
  apply: endpoint('POST', '/api/job-ads/apply', { body: 'jobAdApplyInputSchema', response: { 201: 'jobAdAppliedSchema' } }),
} as const;
