// One request before the run: an unreachable provider is one clear message, not hundreds of failures.
import { ProviderUnreachable } from './failure.js';
import { describeTransportError } from './client.js';

export async function probeProvider(baseUrl: string, path: string, timeoutSeconds: number): Promise<void> {
  try {
    // Any HTTP answer proves the provider is there; the body and status are judged by the checks.
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutSeconds * 1000),
    });
    await res.body?.cancel();
  } catch (e) {
    const reason = describeTransportError((e as { cause?: unknown }).cause ?? e, timeoutSeconds);
    throw new ProviderUnreachable(`provider at BASE_URL=${baseUrl} is unreachable: ${reason}`);
  }
}
