import { Anchor, Radio, Stack, Text, Title } from '@mantine/core';
import { formatNumber, paths, type TargetSource } from '@sira/shared';
import type { SendingCompose } from '@sira/shared/schemas/sending';
import { Link } from 'react-router';

const texts = {
  heading: 'إلى من تُرسل؟',
  directory: 'شركات الدليل',
  directoryHint: (n: number) => `الشركات المتاحة في باقتك ولم تراسلها بعد: ${formatNumber(n)}`,
  own: 'قائمتي',
  ownHint: (n: number) => `شركاتك التي أضفتها ولم تراسلها بعد: ${formatNumber(n)}`,
  both: 'الدليل وقائمتي معاً',
  bothHint: 'تُرسل إلى كل عنوان مرة واحدة وإن كان في القائمتين.',
  ownEmpty: 'لا توجد في قائمتك شركات لم تراسلها بعد.',
  ownManage: 'أضف شركاتك في «قائمتي»',
  narrowsDirectory: 'القطاعات والمدن أدناه تضيّق شركات الدليل فقط؛ شركات قائمتك تصلها سيرتك كلها.',
};

/**
 * Whom a send reaches (ADR 029): the package's directory, the user's own companies, or both. Offered when the
 * package includes "my companies" or the user still has some of them; with none left to write to, the list's
 * choices wait and the way to add some is shown.
 */
export function TargetSourceChoice({
  compose,
  value,
  onChange,
  disabled,
}: {
  compose: Pick<SendingCompose, 'companiesRemaining' | 'ownCompaniesRemaining' | 'ownListAllowed'>;
  value: TargetSource;
  onChange: (next: TargetSource) => void;
  disabled: boolean;
}) {
  const ownEmpty = compose.ownCompaniesRemaining <= 0;
  return (
    <Stack gap="xs">
      <Radio.Group
        value={value}
        onChange={(next) => onChange(next as TargetSource)}
        label={
          <Title order={3} fz="md" component="span">
            {texts.heading}
          </Title>
        }
        data-testid="target-source"
      >
        <Stack gap="xs" mt="xs">
          <Radio
            value="directory"
            label={texts.directory}
            description={texts.directoryHint(compose.companiesRemaining)}
            disabled={disabled || compose.companiesRemaining <= 0}
          />
          <Radio
            value="own_list"
            label={texts.own}
            description={ownEmpty ? texts.ownEmpty : texts.ownHint(compose.ownCompaniesRemaining)}
            disabled={disabled || ownEmpty}
          />
          <Radio
            value="both"
            label={texts.both}
            description={texts.bothHint}
            disabled={disabled || ownEmpty || compose.companiesRemaining <= 0}
          />
        </Stack>
      </Radio.Group>
      {ownEmpty && compose.ownListAllowed ? (
        <Anchor component={Link} to={paths.myCompanies} size="sm" fw={700} td="underline">
          {texts.ownManage}
        </Anchor>
      ) : null}
      {value === 'both' ? (
        <Text size="sm" c="gray.8" data-testid="source-narrows-directory">
          {texts.narrowsDirectory}
        </Text>
      ) : null}
    </Stack>
  );
}
