/**
 * Where the third parties live. Production talks to Google and Paylink; embedded mode and tests talk to the
 * loopback sandboxes (src/sandbox), and staging (production with SANDBOX_URL) to the sandboxes process
 * (`npm run sandboxes`), which implement the same contracts. Only these base URLs differ: the client code is
 * the same in all of them.
 */
export interface GoogleEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  revokeUrl: string;
  /** Base of the Gmail REST API: `${gmailApiBase}/gmail/v1/users/me/messages/send`, `${gmailApiBase}/upload/gmail/v1/...`. */
  gmailApiBase: string;
}

/** Microsoft identity platform (the `common` authority: work, school and personal accounts) and Microsoft Graph. */
export interface MicrosoftEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  /** Base of Microsoft Graph: `${graphApiBase}/v1.0/me/sendMail`. */
  graphApiBase: string;
}

export interface ProviderEndpoints {
  google: GoogleEndpoints;
  microsoft: MicrosoftEndpoints;
  /** Paylink addresses an administrator may choose from (integrations.md §A1); the sandbox's only when embedded or staging. */
  paylinkBaseUrls: { production: string; test: string; sandbox?: string };
}

export const GOOGLE_PRODUCTION: GoogleEndpoints = {
  authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
  gmailApiBase: 'https://gmail.googleapis.com',
};

export const MICROSOFT_PRODUCTION: MicrosoftEndpoints = {
  authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
  tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
  graphApiBase: 'https://graph.microsoft.com',
};

export const PAYLINK_PRODUCTION_URL = 'https://restapi.paylink.sa';
export const PAYLINK_TEST_URL = 'https://restpilot.paylink.sa';

/** The Google sandbox's endpoints when it is mounted at `${base}` (e.g. http://localhost:3000/sandbox/google). */
export function googleSandboxEndpoints(base: string): GoogleEndpoints {
  const root = base.replace(/\/$/, '');
  return {
    authorizeUrl: `${root}/o/oauth2/v2/auth`,
    tokenUrl: `${root}/token`,
    userinfoUrl: `${root}/v1/userinfo`,
    revokeUrl: `${root}/revoke`,
    gmailApiBase: root,
  };
}

/** The Microsoft sandbox's endpoints when it is mounted at `${base}` (e.g. http://localhost:3000/sandbox/microsoft). */
export function microsoftSandboxEndpoints(base: string): MicrosoftEndpoints {
  const root = base.replace(/\/$/, '');
  return {
    authorizeUrl: `${root}/common/oauth2/v2.0/authorize`,
    tokenUrl: `${root}/common/oauth2/v2.0/token`,
    graphApiBase: root,
  };
}

export const GOOGLE_SANDBOX_PREFIX = '/sandbox/google';
export const MICROSOFT_SANDBOX_PREFIX = '/sandbox/microsoft';
export const PAYLINK_SANDBOX_PREFIX = '/sandbox/paylink';

/** Where each sandbox lives in the sandboxes process (sandbox/standalone.ts), below SANDBOX_URL. */
export const STANDALONE_SANDBOX_PATHS = { google: '/google', microsoft: '/microsoft', paylink: '/paylink', mail: '/mail' } as const;

/** `sandboxUrl`: staging — production mode with Google, Microsoft and Paylink played by the sandboxes process there. */
export function providerEndpoints(mode: 'embedded' | 'production', publicBaseUrl: string, sandboxUrl?: string): ProviderEndpoints {
  if (mode === 'production' && sandboxUrl) {
    const root = sandboxUrl.replace(/\/+$/, '');
    return {
      google: googleSandboxEndpoints(`${root}${STANDALONE_SANDBOX_PATHS.google}`),
      microsoft: microsoftSandboxEndpoints(`${root}${STANDALONE_SANDBOX_PATHS.microsoft}`),
      paylinkBaseUrls: {
        production: PAYLINK_PRODUCTION_URL,
        test: PAYLINK_TEST_URL,
        sandbox: `${root}${STANDALONE_SANDBOX_PATHS.paylink}`,
      },
    };
  }
  if (mode === 'production') {
    return {
      google: GOOGLE_PRODUCTION,
      microsoft: MICROSOFT_PRODUCTION,
      paylinkBaseUrls: { production: PAYLINK_PRODUCTION_URL, test: PAYLINK_TEST_URL },
    };
  }
  return {
    google: googleSandboxEndpoints(`${publicBaseUrl}${GOOGLE_SANDBOX_PREFIX}`),
    microsoft: microsoftSandboxEndpoints(`${publicBaseUrl}${MICROSOFT_SANDBOX_PREFIX}`),
    paylinkBaseUrls: {
      production: PAYLINK_PRODUCTION_URL,
      test: PAYLINK_TEST_URL,
      sandbox: `${publicBaseUrl}${PAYLINK_SANDBOX_PREFIX}`,
    },
  };
}
