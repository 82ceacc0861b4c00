import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type TestS3 = { endpoint: string; bucket: string; close(): Promise<void> };

/** An S3-compatible server on a free loopback port with one empty bucket, files in a temp dir. */
export async function startS3rver(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'sidepot-s3-'));
  const bucket = 'sidepot-test';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
