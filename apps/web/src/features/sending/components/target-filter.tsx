import { Alert, Button, Group, MultiSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { countFromSource, PACKAGE_COMPANY_LIMIT, type Targeting, type TargetSource, targetsAll, valueCounts } from '@sira/shared';
import { sendingText, targetingText } from '@sira/shared/messages/sending';
import type { SendTargets } from '@sira/shared/schemas/sending';
import { useSendTargets } from '../api/get-targets';
import { sourceReceivingCount } from '../utils/target-source';

/**
 * /send-resume's choice of sectors and cities: two multi-selects over the values of the user's package
 * directory, each value with the companies it would add, and the number of companies that would receive the
 * CV — counted here from the server's per-(sector, city) counts as the user chooses, by the rule scheduling
 * applies (rules/targeting.ts). Nothing chosen is "all", the default. A failure to load leaves "all" possible.
 */
export function TargetFilter({
  balance,
  value,
  onChange,
  disabled,
  source = 'directory',
}: {
  balance: number;
  value: Targeting;
  onChange: (next: Targeting) => void;
  disabled: boolean;
  /** With "both", the count adds the user's own companies, which the choice does not narrow. */
  source?: Exclude<TargetSource, 'own_list'>;
}) {
  const targets = useSendTargets();
  return (
    <Stack gap="xs" role="group" aria-labelledby="target-heading" aria-describedby="target-intro">
      <Title order={3} fz="md" id="target-heading">
        {targetingText.heading}
      </Title>
      <Text size="sm" c="gray.8" id="target-intro">
        {targetingText.intro}
      </Text>
      {targets.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Text size="sm" c="gray.8" role="status">
            {targetingText.loading}
          </Text>
          <Skeleton height={36} radius="sm" />
          <Skeleton height={36} radius="sm" />
        </Stack>
      ) : targets.isError ? (
        <Alert color="yellow" role="alert">
          <Text size="sm">{targetingText.loadFailed}</Text>
          <Button mt="xs" size="xs" variant="light" color="dark" onClick={() => targets.refetch()} loading={targets.isFetching}>
            {sendingText.retry}
          </Button>
        </Alert>
      ) : (
        <TargetChoice targets={targets.data} source={source} balance={balance} value={value} onChange={onChange} disabled={disabled} />
      )}
    </Stack>
  );
}

function TargetChoice({
  targets,
  source,
  balance,
  value,
  onChange,
  disabled,
}: {
  targets: SendTargets;
  source: Exclude<TargetSource, 'own_list'>;
  balance: number;
  value: Targeting;
  onChange: (next: Targeting) => void;
  disabled: boolean;
}) {
  const options = (of: 'sector' | 'city') =>
    valueCounts(groups, of, value).map((v) => ({ value: v.value, label: targetingText.option(v.value, v.count) }));
  const { groups } = targets;
  const matching = countFromSource(source, groups, targets.own, value);
  const receiving = sourceReceivingCount(source, targets, value, balance);
  return (
    <>
      <MultiSelect
        label={targetingText.sectors}
        placeholder={value.sectors.length === 0 ? targetingText.placeholderAll : undefined}
        data={options('sector')}
        value={[...value.sectors]}
        onChange={(sectors) => onChange({ ...value, sectors })}
        searchable
        clearable
        nothingFoundMessage={targetingText.nothingFound}
        disabled={disabled}
        maxDropdownHeight={280}
      />
      <MultiSelect
        label={targetingText.cities}
        placeholder={value.cities.length === 0 ? targetingText.placeholderAll : undefined}
        data={options('city')}
        value={[...value.cities]}
        onChange={(cities) => onChange({ ...value, cities })}
        searchable
        clearable
        nothingFoundMessage={targetingText.nothingFound}
        disabled={disabled}
        maxDropdownHeight={280}
      />
      {targetsAll(value) ? null : (
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Text size="sm" fw={700} c={matching === 0 ? 'red.9' : 'teal.9'} role="status" aria-live="polite" data-testid="target-count">
            {matching === 0
              ? targetingText.none
              : matching > receiving
                ? receiving === PACKAGE_COMPANY_LIMIT && balance > receiving
                  ? targetingText.limitedPerSend(matching)
                  : targetingText.limitedByBalance(matching, receiving)
                : targetingText.receive(receiving)}
          </Text>
          <Button size="xs" variant="subtle" onClick={() => onChange({ sectors: [], cities: [] })} disabled={disabled}>
            {targetingText.reset}
          </Button>
        </Group>
      )}
    </>
  );
}
