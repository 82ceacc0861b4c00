/**
 * The origins our own pages are served from: PUBLIC_URL's origin, plus its
 * localhost/127.0.0.1 twin (the same machine to a local user). Shared by
 * better-auth's origin check and our own same-origin middleware, so the two
 * never disagree about which pages may change state.
 */
export function trustedOrigins(publicUrl: string): string[] {
  const origin = new URL(publicUrl);
  const origins = [origin.origin];
  const port = origin.port ? `:${origin.port}` : '';
  if (origin.hostname === 'localhost') origins.push(`${origin.protocol}//127.0.0.1${port}`);
  if (origin.hostname === '127.0.0.1') origins.push(`${origin.protocol}//localhost${port}`);
  return origins;
}
