import { Alert, Button, Stack } from '@mantine/core';
import { ar, messageForCode } from '@sira/shared';

/**
 * Shown instead of the new-password form when this address has had too many reset links checked lately (the
 * server's limit against guessing): the link may be good, so the person is asked to wait and try it again
 * rather than told it is invalid.
 */
export function ResetLinkLimited({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <Stack>
      <Alert color="yellow" role="alert">
        {messageForCode('RATE_LIMITED')}
      </Alert>
      <Button type="button" onClick={onRetry} loading={retrying} fullWidth>
        {ar.errors.retry}
      </Button>
    </Stack>
  );
}
