import { startMicrosoftSandbox } from './index';

/**
 * The Microsoft sandbox as its own process, for benchmarks and separate-process runs:
 *   node --import tsx apps/server/src/sandbox/microsoft/standalone.ts [--port N]
 * Prints one JSON line `{"baseUrl", "clientId", "clientSecret"}` once listening; SIGINT/SIGTERM stop it.
 */
const args = process.argv.slice(2);
const portIndex = args.indexOf('--port');
const sandbox = await startMicrosoftSandbox({
  ...(portIndex >= 0 ? { port: Number(args[portIndex + 1]) } : {}),
  ...(process.env.MICROSOFT_SANDBOX_CLIENT_SECRET ? { clientSecret: process.env.MICROSOFT_SANDBOX_CLIENT_SECRET } : {}),
});
process.stdout.write(`${JSON.stringify({ baseUrl: sandbox.baseUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret })}\n`);

const stop = () => {
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
