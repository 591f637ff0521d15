import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { loadFooter } from '~/app/public-content';
import { SITE_URL } from '~/config/site';
import { jobsPageMeta } from '~/features/content/jobs/job-posting';
import { jobsCities } from '~/features/content/jobs/jobs-content';
import { JobsPage } from '~/features/content/jobs/jobs-page';

// Evaluated when the page is prerendered, so the posting is valid for one year from the build.
const BUILT_AT = new Date(import.meta.env.VITE_BUILD_TIME ?? Date.now());

/** Prerendered without React; src/static-page adds the live parts (ADR 004). */
export const handle = { staticPage: true };

/** The footer as the server has it when it renders the page (ADR 004). */
export async function loader({ context }: LoaderFunctionArgs) {
  return { footer: await loadFooter(context) };
}

export const meta: MetaFunction = () => jobsPageMeta(jobsCities.jeddah, BUILT_AT, SITE_URL);

export default function JobsJeddah() {
  return <JobsPage city="jeddah" />;
}
