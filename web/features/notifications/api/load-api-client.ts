/**
 * The bottom navigation (and so this feature's red dot) is part of the first
 * download, which the login and sign-up screens share. Importing the typed
 * API client on demand keeps it in its own chunk: signed-in screens load it
 * anyway, and the dot only asks the server once someone is signed in.
 */
export function loadApiClient() {
  return import('#web/lib/api-client.ts');
}
