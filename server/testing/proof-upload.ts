import sharp from 'sharp';
import type { Agent } from './agent.ts';
import { TEST_IP_HEADER, TEST_ORIGIN, type TestApp } from './test-app.ts';

/** A raw image body posted as the browser's 'Add Proof' does, outside the typed client. */
export async function uploadProof(t: TestApp, agent: Agent | null, path: string, data: Uint8Array, type = 'image/png') {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, 'content-type': type };
  if (agent) {
    headers[TEST_IP_HEADER] = agent.ip;
    headers['cookie'] = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  return t.app.request(`${TEST_ORIGIN}${path}`, { method: 'POST', headers, body: data });
}

/** A photo carrying EXIF text that must not survive, and an orientation to apply. */
export async function proofPhoto(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .withExif({ IFD0: { Copyright: 'Secret Owner', ImageDescription: 'home address' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}
