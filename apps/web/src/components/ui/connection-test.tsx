import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** What a settings form's connection test can answer (a provider's own sandbox accepts any client). */
export type ConnectionOutcome = 'accepted' | 'refused' | 'unreachable' | 'sandbox';

const outcomeColor: Record<ConnectionOutcome, string> = { accepted: 'green', refused: 'red', unreachable: 'red', sandbox: 'blue' };

/**
 * The state of a settings form that tries its credentials with the provider: the last test's outcome (for the
 * values as they were typed then) and, when the server refused a save because its own test failed, the offer to
 * save anyway (ADR 021). Any change to what was tested drops both.
 */
export function useConnectionTest<Outcome extends ConnectionOutcome>() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [saveAnywayOffered, setSaveAnywayOffered] = useState(false);
  return {
    outcome,
    saveAnywayOffered,
    tested: (next: Outcome) => setOutcome(next),
    /** A refused save: the offer stands only when the refusal was the server's own test failing. */
    saveRefused: (testFailed: boolean) => setSaveAnywayOffered(testFailed),
    reset: () => {
      setOutcome(null);
      setSaveAnywayOffered(false);
    },
  };
}

/** The last test's outcome and the save-anyway offer, as both settings forms show them. */
export function ConnectionTestResult<Outcome extends ConnectionOutcome>({
  test,
  texts,
  testId,
  saving,
  onSaveAnyway,
}: {
  test: ReturnType<typeof useConnectionTest<Outcome>>;
  texts: { testOutcome: Record<Outcome, string>; saveAnyway: string; saveAnywayHint: string };
  testId: string;
  saving: boolean;
  onSaveAnyway: () => void;
}) {
  return (
    <>
      {test.outcome ? (
        <Alert color={outcomeColor[test.outcome]} role="status" data-testid={testId}>
          {texts.testOutcome[test.outcome]}
        </Alert>
      ) : null}
      {test.saveAnywayOffered ? (
        <Alert color="orange" role="note">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{texts.saveAnywayHint}</Text>
            <Button variant="outline" color="red.9" onClick={onSaveAnyway} loading={saving}>
              {texts.saveAnyway}
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </>
  );
}
