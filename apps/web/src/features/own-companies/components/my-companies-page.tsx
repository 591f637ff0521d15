import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { LoadError } from '~/components/ui/load-error';
import { useOwnCompaniesSummary } from '../api/own-companies';
import { ownCompaniesErrorText } from '../utils/own-companies-texts';
import { OwnCompaniesImport } from './own-companies-import';
import { OwnCompaniesList } from './own-companies-list';
import { OwnCompaniesLocked } from './own-companies-locked';
import { OwnCompaniesSummaryCards } from './own-companies-summary';
import { OwnUploadsHistory } from './own-uploads-history';

export const myCompaniesTitle = 'شركاتي';

const texts = {
  intro: 'قائمتك الخاصة من الشركات: لا يراها غيرك، وتُرسل إليها سيرتك من بريدك مثل شركات الدليل، ولا تصل الشركة الواحدة أكثر من رسالة منك.',
  loadFailed: 'تعذّر تحميل ملخص قائمتك.',
};

/**
 * /my-companies (ADR 029): the list's figures and the way to a send, then — as the package allows — the
 * upload or what the feature is and which packages include it; the list itself; the uploads so far.
 */
export function MyCompaniesPage() {
  const summary = useOwnCompaniesSummary();
  const allowed = summary.data?.allowed === true;
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz={28}>
          {myCompaniesTitle}
        </Title>
        <Text c="gray.8" mt={4}>
          {texts.intro}
        </Text>
      </div>
      {summary.isPending ? (
        <Skeleton height={120} radius="md" aria-busy="true" />
      ) : summary.isError ? (
        <LoadError title={texts.loadFailed} detail={ownCompaniesErrorText(summary.error)} query={summary} />
      ) : (
        <>
          <OwnCompaniesSummaryCards summary={summary.data} />
          {allowed ? <OwnCompaniesImport summary={summary.data} /> : <OwnCompaniesLocked summary={summary.data} />}
        </>
      )}
      <OwnCompaniesList allowed={allowed} />
      {allowed ? <OwnUploadsHistory /> : null}
    </Stack>
  );
}
