import type { ScryptCost } from '../src/modules/auth/passwords';

/**
 * The scrypt cost test apps hash new passwords with (ADR 016): about 1 ms a hash instead of about 140 ms, for
 * the thousand or so accounts the suites register. Still scrypt, through the same code as production.
 */
export const TEST_PASSWORD_COST: ScryptCost = { N: 1024, r: 8, p: 1 };
