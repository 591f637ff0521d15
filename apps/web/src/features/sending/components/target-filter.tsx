import { Alert, Button, Group, MultiSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { countMatching, PACKAGE_COMPANY_LIMIT, type Targeting, targetsAll, valueCounts } from '@sira/shared';
import { sendingText, targetingText } from '@sira/shared/messages/sending';
import type { SendTargets } from '@sira/shared/schemas/sending';
import { useSendTargets } from '../api/get-targets';

/**
 * /send-resume's choice of sectors and cities: two multi-selects over the values of the user's package
 * directory, each value with the companies it would add, and the number of companies that would receive the
 * CV — counted here from the server's per-(sector, city) counts as the user chooses, by the rule scheduling
 * applies (rules/targeting.ts). Nothing chosen is "all", the default. A failure to load leaves "all" possible.
 */
/** How many companies a send narrowed this way reaches: the matching ones, up to the balance and a send's limit. */
export function receivingCount(groups: SendTargets['groups'], targeting: Targeting, balance: number): number {
  return Math.min(countMatching(groups, targeting), balance, PACKAGE_COMPANY_LIMIT);
}

export function TargetFilter({
  balance,
  value,
  onChange,
  disabled,
}: {
  balance: number;
  value: Targeting;
  onChange: (next: Targeting) => void;
  disabled: boolean;
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
        <TargetChoice groups={targets.data.groups} balance={balance} value={value} onChange={onChange} disabled={disabled} />
      )}
    </Stack>
  );
}

function TargetChoice({
  groups,
  balance,
  value,
  onChange,
  disabled,
}: {
  groups: SendTargets['groups'];
  balance: number;
  value: Targeting;
  onChange: (next: Targeting) => void;
  disabled: boolean;
}) {
  const options = (of: 'sector' | 'city') =>
    valueCounts(groups, of, value).map((v) => ({ value: v.value, label: targetingText.option(v.value, v.count) }));
  const matching = countMatching(groups, value);
  const receiving = receivingCount(groups, value, balance);
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
