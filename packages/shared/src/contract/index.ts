// The API as both sides know it (docs/architecture.md, "The API contract"): one entry per route, grouped by
// domain. No zod at run time: the web app and the static pages' script import this.
import { audit } from './audit';
import { auth } from './auth';
import { billing } from './billing';
import { companies } from './companies';
import { content } from './content';
import { events } from './events';
import { jobAds } from './job-ads';
import { mailbox } from './mailbox';
import { ownCompanies } from './own-companies';
import { packages } from './packages';
import { sending } from './sending';
import { stats } from './stats';
import { templates } from './templates';
import { users } from './users';

export type { AnswerOf, CallInput, Endpoint, ParamsOf, QueryOf, SchemaName } from './endpoint';

export const contract = {
  audit,
  auth,
  billing,
  companies,
  content,
  events,
  jobAds,
  mailbox,
  ownCompanies,
  packages,
  sending,
  stats,
  templates,
  users,
} as const;
