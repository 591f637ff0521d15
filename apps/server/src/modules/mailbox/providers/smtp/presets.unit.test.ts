import { describe, expect, it } from 'vitest';
import { presetForAddress, SMTP_PRESETS } from './presets';
import { checkSmtpSettings, PRODUCTION_NETWORK_RULES } from './smtp-settings';

/** The provider presets (integrations.md §D3): settings that pass the checks, caps under the providers' limits. */

describe('SMTP presets', () => {
  it('are settings the checks accept, with the TLS mode their port means', () => {
    for (const preset of SMTP_PRESETS) {
      const checked = checkSmtpSettings(
        { host: preset.host, port: preset.port, tls: preset.tls, user: 'a@b.example', password: 'x' },
        PRODUCTION_NETWORK_RULES,
      );
      expect(checked.host, preset.id).toBe(preset.host);
      expect(preset.tls, preset.id).toBe(preset.port === 465 ? 'tls' : 'starttls');
    }
  });

  it('keep the default cap under the provider’s published daily limit', () => {
    for (const preset of SMTP_PRESETS) {
      expect(preset.defaultDailyCap, preset.id).toBeGreaterThan(0);
      if (preset.providerDailyLimit !== null) expect(preset.defaultDailyCap, preset.id).toBeLessThan(preset.providerDailyLimit);
    }
  });

  it('send Outlook.com addresses to the Microsoft provider: no password logs in there any more', () => {
    const outlook = presetForAddress('Someone@Hotmail.com');
    expect(outlook).toMatchObject({ id: 'outlook', passwordLogin: false, useInstead: 'microsoft' });
    expect(SMTP_PRESETS.filter((p) => !p.passwordLogin).map((p) => p.id)).toEqual(['outlook']);
  });

  it('recognise the providers’ own domains only', () => {
    expect(presetForAddress('a@ymail.com')?.id).toBe('yahoo');
    expect(presetForAddress('a@me.com')?.id).toBe('icloud');
    expect(presetForAddress('a@zohomail.sa')?.id).toBe('zoho');
    expect(presetForAddress('a@company.sa')).toBeUndefined();
  });
});
