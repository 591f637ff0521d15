import { paths } from '@sira/shared';
import { contract } from '@sira/shared/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { footerQueryOptions } from '~/features/content/api/get-footer';
import { mailboxStatusQueryOptions } from '~/features/mailbox/api/mailbox-queries';
import {
  ownCompaniesQueryOptions,
  ownCompaniesSummaryQueryOptions,
  ownUploadsQueryOptions,
} from '~/features/own-companies/api/own-companies';
import { composeQueryOptions } from '~/features/sending/api/get-compose';
import { deliveriesQueryOptions } from '~/features/sending/api/get-deliveries';
import { sendingOverviewQueryOptions } from '~/features/sending/api/get-overview';
import { sendPlanQueryOptions } from '~/features/sending/api/get-send-plan';
import { sendingStatusQueryOptions } from '~/features/sending/api/get-status';
import { sendTargetsQueryOptions } from '~/features/sending/api/get-targets';
import { retentionNoticeQueryOptions, signInsQueryOptions } from '~/features/users/api/account-security';
import { profileQueryOptions } from '~/features/users/api/get-profile';
import { latestExportQueryOptions } from '~/features/users/api/my-data';
import { hrefOf } from '~/lib/api-client';
import { sessionQueryOptions } from '~/lib/session';

/**
 * The signed-in pages the server renders with the user's data (ADR 028): the HTML arrives with the first screen
 * drawn, and the answers it was drawn from ride along, so the app neither asks for them again nor repaints.
 * Each page lists the API answers its first screen reads, by the query it is kept under in the browser and the
 * address the server answers it from.
 */
interface FirstScreenQuery {
  queryKey: QueryKey;
  address: string;
}

const read = (options: { queryKey: QueryKey }, address: string): FirstScreenQuery => ({ queryKey: options.queryKey, address });

/** The header (who is signed in) and the footer, on every signed-in page. */
const shell = () => [
  read(sessionQueryOptions(), hrefOf(contract.auth.session)),
  read(footerQueryOptions(), hrefOf(contract.content.footer)),
];

const pages: Record<string, () => FirstScreenQuery[]> = {
  [paths.dashboard]: () => [
    ...shell(),
    read(sendingOverviewQueryOptions(), hrefOf(contract.sending.overview)),
    read(sendingStatusQueryOptions(), hrefOf(contract.sending.status)),
    // The delivery list as it opens: page 1, every state, no search.
    read(deliveriesQueryOptions({ page: 1 }), hrefOf(contract.sending.deliveries, { query: { page: 1 } })),
    read(retentionNoticeQueryOptions(), hrefOf(contract.users.retentionNotice)),
    read(signInsQueryOptions(), hrefOf(contract.users.signIns)),
  ],
  [paths.sendResume]: () => [
    ...shell(),
    read(mailboxStatusQueryOptions(), hrefOf(contract.mailbox.status)),
    read(composeQueryOptions(), hrefOf(contract.sending.compose)),
    read(sendTargetsQueryOptions(), hrefOf(contract.sending.targets)),
    read(sendingStatusQueryOptions(), hrefOf(contract.sending.status)),
    // The form opens on "working hours only" with every company of the package.
    read(sendPlanQueryOptions('working_hours'), hrefOf(contract.sending.plan, { query: { sendWindow: 'working_hours' } })),
  ],
  [paths.myCompanies]: () => [
    ...shell(),
    read(ownCompaniesSummaryQueryOptions(), hrefOf(contract.ownCompanies.summary)),
    // The list as it opens: the first page, no search.
    read(ownCompaniesQueryOptions({ search: '', cursor: undefined }), hrefOf(contract.ownCompanies.list)),
    read(ownUploadsQueryOptions(), hrefOf(contract.ownCompanies.uploads)),
  ],
  // The post's box first; the message's templates and balance are read as the page opens, its plan once a post is.
  [paths.applyToJobAd]: () => [
    ...shell(),
    read(mailboxStatusQueryOptions(), hrefOf(contract.mailbox.status)),
    read(composeQueryOptions(), hrefOf(contract.sending.compose)),
  ],
  [paths.myData]: () => [
    ...shell(),
    read(profileQueryOptions(), hrefOf(contract.users.me)),
    read(latestExportQueryOptions(), hrefOf(contract.users.latestDataExport)),
  ],
};

/** The pages rendered this way. */
export const FIRST_SCREEN_PAGES = Object.keys(pages);

/** The API addresses (GET, answered as JSON) `path`'s first screen reads; empty for any other page. */
export const firstScreenAddresses = (path: string): string[] => (pages[path]?.() ?? []).map((query) => query.address);

/** The answers a page was drawn from, as [query key, answer] pairs. */
export type FirstScreenData = Array<[QueryKey, unknown]>;

/** Pairs each answer the server obtained (by address) with the query the browser keeps it under. */
export function firstScreenData(path: string, answers: Record<string, unknown>): FirstScreenData {
  return (pages[path]?.() ?? []).filter((query) => query.address in answers).map((query) => [query.queryKey, answers[query.address]]);
}

/** The answers of the page being rendered on the server (entry.server.tsx); none in the browser. */
export const FirstScreenContext = createContext<FirstScreenData | null>(null);

const SCRIPT_ID = 'sira-first-screen';

/** Read once, when the app starts over a server-drawn page; later navigations fetch as usual. */
let inPage: FirstScreenData | null | undefined;
function readInPage(): FirstScreenData | null {
  if (inPage !== undefined) return inPage;
  const text = typeof document === 'undefined' ? null : (document.getElementById(SCRIPT_ID)?.textContent ?? null);
  try {
    inPage = text ? (JSON.parse(text) as FirstScreenData) : null;
  } catch {
    inPage = null;
  }
  return inPage;
}

/** The answers this render starts from: the server's own while rendering, the page's in the browser. */
export function useFirstScreenData(): FirstScreenData | null {
  const rendering = useContext(FirstScreenContext);
  return rendering ?? readInPage();
}

/**
 * Puts the answers into the query cache before anything reads it. They are as fresh as the page, so the
 * queries that refetch whenever they are shown (`staleTime: 0`) do not ask again on this first showing; the
 * live-update stream tells the page when something changes.
 */
export function seedFirstScreen(client: QueryClient, data: FirstScreenData): void {
  const now = Date.now();
  for (const [queryKey, answer] of data) client.setQueryData(queryKey, answer, { updatedAt: now });
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, refetchOnMount: false } });
}

/** Back to the usual refetching once the first screen is on the page. */
export function endFirstScreen(client: QueryClient): void {
  const defaults = client.getDefaultOptions();
  const { refetchOnMount: _ignored, ...queries } = defaults.queries ?? {};
  client.setDefaultOptions({ ...defaults, queries });
}

/**
 * The answers, in the HTML for the browser to start from. JSON is not run as a script (no policy hash needed);
 * `<` is escaped so no answer's text can close the element.
 */
export function FirstScreenScript({ data }: { data: FirstScreenData }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every "<" escaped, in a script that is never run
  return <script id={SCRIPT_ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
