import { BUILD_VERSION_PATTERN } from '@altmed/contracts/web';
import { sendClientReports } from '../lib/clientReports';
import { readRemotesConfig, type RemoteName } from './remotesConfig';

const reported = new Set<RemoteName>();

/** The build a remote's manifest names now, if the manifest can be read (it may be what failed). */
async function currentBuildVersion(remote: RemoteName, fetchImpl: typeof fetch): Promise<string | undefined> {
  try {
    const entry = (await readRemotesConfig(fetchImpl)).find(({ name }) => name === remote)?.entry;
    if (!entry) return undefined;
    const response = await fetchImpl(entry, { cache: 'no-store' });
    const manifest = response.ok ? ((await response.json()) as { metaData?: { buildInfo?: { buildVersion?: unknown } } }) : undefined;
    const version = manifest?.metaData?.buildInfo?.buildVersion;
    return typeof version === 'string' && BUILD_VERSION_PATTERN.test(version) ? version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tells the gateway that a remote area could not be loaded, once per remote and page load, with the
 * build its manifest names, so that the remote's team sees its own failures after a deploy.
 */
export async function reportRemoteFailure(remote: RemoteName, fetchImpl: typeof fetch | undefined = globalThis.fetch): Promise<void> {
  if (reported.has(remote) || !fetchImpl) return;
  reported.add(remote);
  const buildVersion = await currentBuildVersion(remote, fetchImpl);
  sendClientReports([{ kind: 'remote-load-failure', remote, ...(buildVersion ? { buildVersion } : {}) }]);
}

/** For tests: every remote may be reported again. */
export function forgetReportedRemoteFailures(): void {
  reported.clear();
}
